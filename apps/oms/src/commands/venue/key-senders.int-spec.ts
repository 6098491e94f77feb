import { Client } from 'pg';
import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';
import { KeySenderShare, KeySenders } from './key-senders';

const POLL_MS = 100;

/** What one process's limiter of a key was told, in order, with when. */
class RecordedShare implements KeySenderShare {
  readonly told: Array<{ at: number; processes?: number; hold?: number }> = [];

  processes(count: number): void {
    this.told.push({ at: Date.now(), processes: count });
  }

  hold(ms: number): void {
    this.told.push({ at: Date.now(), hold: ms });
  }

  get counts(): number[] {
    return this.told.flatMap((entry) => (entry.processes === undefined ? [] : [entry.processes]));
  }

  get holds(): number[] {
    return this.holdsSince(0);
  }

  /** Where the next thing told will go: `holdsSince` reads from there. */
  get mark(): number {
    return this.told.length;
  }

  /**
   * The holds told from `mark` on, a hold repeated at once left out: a count that comes
   * late on a loaded host, or fails twice, tells "send nothing" again.
   */
  holdsSince(mark: number): number[] {
    const holds = this.told.slice(mark).flatMap((entry) => (entry.hold === undefined ? [] : [entry.hold]));
    return holds.filter((hold, index) => index === 0 || hold !== holds[index - 1]);
  }

  firstToldProcesses(count: number): number | undefined {
    return this.told.find((entry) => entry.processes === count)?.at;
  }
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('KeySenders on Postgres: the OMS processes sending with a venue key count themselves', () => {
  let database: TestDatabase;
  const started: KeySenders[] = [];

  /** One OMS process sending with `apiKey` (a session of its own). */
  const aProcess = async (apiKey = 'key-a') => {
    const share = new RecordedShare();
    const senders = new KeySenders(new Map([[share, apiKey]]), {
      connectionString: database.url,
      pollMs: POLL_MS,
    });
    started.push(senders);
    const joinedAt = Date.now();
    await senders.start();
    return { share, senders, joinedAt };
  };

  /** Ends key senders' sessions of this database (all, or the first of `order`), as Postgres would on a crash. */
  const terminateSessions = async (order = '') => {
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM (
           SELECT pid FROM pg_stat_activity
           WHERE application_name = 'oms-key-senders' AND datname = current_database() ${order}) sessions`,
      );
    } finally {
      await admin.end();
    }
  };

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });

  afterEach(async () => {
    for (const senders of started.splice(0)) await senders.stop();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('lets a lone process take the whole key at once, holding nothing back once it has joined', async () => {
    const alone = await aProcess();
    expect(alone.share.counts).toEqual([1]);
    // Held from the start until joined, then free at once: nobody else sends with the key.
    expect(alone.share.holds).toEqual([Infinity, 0]);
  });

  it('shrinks the first process to half within a count when a second joins, and the joiner waits until the first has counted it and its spends have aged', async () => {
    const first = await aProcess();
    const second = await aProcess();
    expect(second.share.counts).toEqual([2]);
    // Held until joined, then for the join's settle time. On a loaded host a count can
    // come late while the joiner waits: it then holds until the count comes, and after it
    // for what is left of the settle time, never longer.
    const { joinSettleMs } = second.senders;
    expect(second.share.holds.slice(0, 2)).toEqual([Infinity, joinSettleMs]);
    const settle = second.share.told.find((entry) => entry.hold === joinSettleMs)!;
    const later = second.share.told.filter((entry) => entry.at >= settle.at && entry !== settle);
    for (const entry of later.filter((told) => told.hold !== undefined && told.hold !== Infinity)) {
      expect(entry.at + entry.hold!).toBeLessThanOrEqual(settle.at + joinSettleMs + 5);
    }
    await until(() => first.share.counts.includes(2));
    // The first process took its half before the joiner's hold ends, with the time its
    // spends at the whole key stay counted at the venue (2 s) to spare.
    const shrunkAt = first.share.firstToldProcesses(2)!;
    expect(shrunkAt).toBeLessThanOrEqual(second.joinedAt + second.senders.joinSettleMs - 2_000);
    // Another key's senders are counted apart.
    const other = await aProcess('key-b');
    expect(other.share.counts).toEqual([1]);
    expect(other.share.holds).toEqual([Infinity, 0]);
  });

  it('grows the survivor back to the whole key once the leaver is gone and its last spends have aged', async () => {
    const survivor = await aProcess();
    const leaver = await aProcess();
    await until(() => survivor.share.counts.includes(2));
    const leftAt = Date.now();
    await leaver.senders.stop();
    await until(() => survivor.share.counts.at(-1) === 1);
    const grownAt = survivor.share.told.at(-1)!.at;
    expect(grownAt - leftAt).toBeGreaterThanOrEqual(2_000);
    expect(survivor.share.counts).toEqual([1, 2, 1]);
  });

  it("joining again alone after the other left while it could not count, waits for the leaver's last spends", async () => {
    const rejoining = await aProcess('key-d');
    const leaver = await aProcess('key-d');
    await until(() => rejoining.share.counts.includes(2));
    expect(rejoining.share.holds.slice(0, 2)).toEqual([Infinity, 0]);
    const terminated = rejoining.share.mark;
    await terminateSessions('ORDER BY backend_start LIMIT 1');
    await leaver.senders.stop();
    await until(() => rejoining.share.holdsSince(terminated).length >= 2);
    const [lost, rejoined] = rejoining.share.holdsSince(terminated);
    expect(lost).toBe(Infinity);
    expect(rejoined).toBeGreaterThanOrEqual(2_000);
    expect(rejoined).toBeLessThan(Infinity);
  });

  it('holds while its count is overdue, and sends again at once when the count comes on the same session', async () => {
    const other = await aProcess('key-e');
    const slow = await aProcess('key-e');
    await until(() => other.share.counts.includes(2));
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    const { rows } = await admin
      .query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE application_name = 'oms-key-senders'
           AND datname = current_database() ORDER BY backend_start DESC LIMIT 1`,
      )
      .finally(() => admin.end());
    expect(slow.share.holds.slice(0, 2)).toEqual([Infinity, slow.senders.joinSettleMs]);
    const stopped = slow.share.mark;
    // The session stays, and its lock with it: only its answers stop for a while.
    process.kill(rows[0].pid, 'SIGSTOP');
    try {
      await until(() => slow.share.holds.at(-1) === Infinity);
    } finally {
      process.kill(rows[0].pid, 'SIGCONT');
    }
    await until(() => slow.share.holds.at(-1) === 0);
    // No second join hold: the others counted it all along.
    expect(slow.share.holdsSince(stopped)).toEqual([Infinity, 0]);
    expect(slow.share.counts).toEqual([2]);
  });

  it('sends nothing once its connection is lost, and joins again when Postgres answers', async () => {
    const process = await aProcess('key-c');
    expect(process.share.holds).toEqual([Infinity, 0]);
    const terminated = process.share.mark;
    await terminateSessions();
    await until(() => process.share.holdsSince(terminated).length >= 2);
    // Held when the session went (its lock with it), free again once joined alone.
    expect(process.share.holdsSince(terminated).slice(0, 2)).toEqual([Infinity, 0]);
  });
});
