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
    expect(await store.claim('desk-a', 'key-1', 'hash-1')).toEqual({ kind: 'claimed' });
    await store.complete('desk-a', 'key-1', 400, answer);
    expect(await store.claim('desk-a', 'key-1', 'hash-1')).toEqual({
      kind: 'repeat',
      statusCode: 400,
      answer,
    });
  });
});
