import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldTestDatabase } from '../../fold/test-support/fold-test-database';
import { DeskErrorCode } from '../../errors/desk-error';
import { IdempotencyStore } from './idempotency.store';

describe('IdempotencyStore', () => {
  let database: TestDatabase;
  let store: IdempotencyStore;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    store = new IdempotencyStore(database.dataSource);
  });

  afterAll(async () => {
    await database.drop();
  });

  it('keeps an answer holding a NUL character (a venue refusal echoing one) and repeats it as given', async () => {
    const answer = {
      kind: 'error' as const,
      code: DeskErrorCode.VENUE_REJECTED,
      message: 'the venue refused the request',
      details: { venueCode: '-100011', venueMessage: 'Invalid Symbols!: \u0000' },
    };
    expect(await store.claim('desk-a', 'key-1', 'hash-1', 60_000)).toMatchObject({ kind: 'claimed' });
    await store.complete('desk-a', 'key-1', 400, answer);
    expect(await store.claim('desk-a', 'key-1', 'hash-1', 60_000)).toEqual({
      kind: 'repeat',
      statusCode: 400,
      answer,
    });
  });

  it('tells a claim in flight from an abandoned one by its age, and lets one repeat take it over with the same seed', async () => {
    const claimed = await store.claim('desk-a', 'key-2', 'hash-2', 60_000);
    if (claimed.kind !== 'claimed') throw new Error(`not claimed: ${claimed.kind}`);
    expect(await store.claim('desk-a', 'key-2', 'hash-2', 60_000)).toEqual({
      kind: 'in-flight',
      seed: claimed.seed,
      abandoned: false,
    });
    expect(await store.takeOver('desk-a', 'key-2', claimed.seed, 60_000)).toBe(false);

    await database.dataSource.query(
      `UPDATE oms_idempotency_keys SET created_at = now() - interval '2 minutes' WHERE idempotency_key = 'key-2'`,
    );
    expect(await store.claim('desk-a', 'key-2', 'hash-2', 60_000)).toEqual({
      kind: 'in-flight',
      seed: claimed.seed,
      abandoned: true,
    });
    expect(await store.takeOver('desk-a', 'key-2', 'another-seed', 60_000)).toBe(false);
    expect(await store.takeOver('desk-a', 'key-2', claimed.seed, 60_000)).toBe(true);
    // The takeover is a new attempt: in flight again, and no second repeat takes it.
    expect(await store.takeOver('desk-a', 'key-2', claimed.seed, 60_000)).toBe(false);
    expect(await store.claim('desk-a', 'key-2', 'hash-2', 60_000)).toEqual({
      kind: 'in-flight',
      seed: claimed.seed,
      abandoned: false,
    });
  });

  it('gives each new claim a seed of its own, also when an expired key is claimed again', async () => {
    const first = await store.claim('desk-a', 'key-3', 'hash-3', 60_000);
    await database.dataSource.query(
      `UPDATE oms_idempotency_keys SET expires_at = now() - interval '1 second' WHERE idempotency_key = 'key-3'`,
    );
    const again = await store.claim('desk-a', 'key-3', 'hash-3', 60_000);
    expect(first.kind).toBe('claimed');
    expect(again.kind).toBe('claimed');
    expect((again as { seed: string }).seed).not.toBe((first as { seed: string }).seed);
  });

  it('deletes only keys past their retention, and counts them', async () => {
    await store.claim('desk-b', 'old', 'hash-old', 60_000);
    await store.claim('desk-b', 'kept', 'hash-kept', 60_000);
    await database.dataSource.query(
      `UPDATE oms_idempotency_keys SET expires_at = now() - interval '1 second'
        WHERE token_name = 'desk-b' AND idempotency_key = 'old'`,
    );
    expect(await store.deleteExpired()).toBe(1);
    const left = await database.dataSource.query<Array<{ idempotency_key: string }>>(
      `SELECT idempotency_key FROM oms_idempotency_keys WHERE token_name = 'desk-b'`,
    );
    expect(left.map((row) => row.idempotency_key)).toEqual(['kept']);
  });
});
