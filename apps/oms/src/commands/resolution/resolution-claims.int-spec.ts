import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';
import { ResolutionClaims } from './resolution-claims';

describe('ResolutionClaims on Postgres: one OMS process works on each uncertain order', () => {
  let database: TestDatabase;
  const opened: ResolutionClaims[] = [];

  /** The claims of one OMS process (a session of its own). */
  const aProcess = () => {
    const claims = new ResolutionClaims(database.dataSource);
    opened.push(claims);
    return claims;
  };

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });

  afterEach(async () => {
    for (const claims of opened.splice(0)) await claims.onApplicationShutdown();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('refuses an order another process holds, and keeps it for its holder', async () => {
    const first = aProcess();
    const second = aProcess();
    expect(await first.claim('spot-order-a#submission')).toBe(true);
    expect(await second.claim('spot-order-a#submission')).toBe(false);
    expect(await first.claim('spot-order-a#submission')).toBe(true);
    // The cancel of the same order is a claim of its own.
    expect(await second.claim('spot-order-a#cancel')).toBe(true);
  });

  it('lets another process take an order once its holder released it', async () => {
    const first = aProcess();
    const second = aProcess();
    expect(await first.claim('spot-order-b#submission')).toBe(true);
    await first.release('spot-order-b#submission');
    expect(await second.claim('spot-order-b#submission')).toBe(true);
    expect(await first.claim('spot-order-b#submission')).toBe(false);
  });

  it("hands a dead process's orders over: its session ends and its claims with it", async () => {
    const doomed = aProcess();
    const survivor = aProcess();
    expect(await doomed.claim('spot-order-c#submission')).toBe(true);
    expect(await survivor.claim('spot-order-c#submission')).toBe(false);
    // As when the process is killed: Postgres ends its session (the only claims session holding a lock).
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'oms-resolution-claims' AND pid IN (
            SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted)`,
      );
    } finally {
      await admin.end();
    }
    await expect(waitFor(() => survivor.claim('spot-order-c#submission'))).resolves.toBe(true);
  });
});

async function waitFor(attempt: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if (await attempt()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}
