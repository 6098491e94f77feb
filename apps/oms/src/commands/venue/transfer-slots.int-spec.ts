import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@oms/persistence';
import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { MAX_TRANSFER_WAIT_MS, TRANSFER_SPACING_MS, TransferSlots } from './transfer-slots';

/** Node's and Postgres's readings of the clock, and timers, may differ by a few milliseconds. */
const CLOCK_SLACK_MS = 30;

describe('transfer slots space the transfers of one venue key across OMS processes', () => {
  let database: TestDatabase;
  const sources: DataSource[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const name of ['oms-a', 'oms-b']) {
      const source = new DataSource({ ...buildDataSourceOptions(database.url, name), logging: false });
      await source.initialize();
      sources.push(source);
    }
  });

  afterAll(async () => {
    for (const source of sources) await source.destroy();
    await database?.drop();
  });

  it(`five transfers of one key asked at once through two processes leave ${TRANSFER_SPACING_MS} ms apart, the one past ${MAX_TRANSFER_WAIT_MS} ms refused unsent; another key waits for none of them`, async () => {
    const [first, second] = sources.map((source) => new TransferSlots(source));
    const began = Date.now();
    const leave = async (slots: TransferSlots, apiKey: string) => {
      await slots.waitForSlot(apiKey);
      return Date.now() - began;
    };
    const [sameKey, otherKey] = await Promise.all([
      Promise.allSettled(
        Array.from({ length: 5 }, (_, index) => leave(index % 2 === 0 ? first : second, 'key-a')),
      ),
      leave(second, 'key-b'),
    ]);

    expect(otherKey).toBeLessThan(TRANSFER_SPACING_MS / 2);
    const left = sameKey
      .flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
      .sort((a, b) => a - b);
    expect(left).toHaveLength(4);
    // Each leaves at its moment or later (a busy event loop), never sooner: the k-th
    // moment is k spacings after the first reservation.
    left.forEach((leftAfter, index) =>
      expect(leftAfter).toBeGreaterThanOrEqual(index * TRANSFER_SPACING_MS - CLOCK_SLACK_MS),
    );
    const refused = sameKey.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(DeskError);
    expect((refused[0] as DeskError).code).toBe(DeskErrorCode.VENUE_RATE_LIMITED);
  });
});
