import { QueryRunner } from 'typeorm';
import { createTestDatabase, TestDatabase } from '../test-support/test-database';
import { verifyEventLog } from '../integrity/verify-event-log';
import { NewEvent, StoredEvent } from './event-store.types';
import { PostgresEventStore } from './postgres-event-store';

function event(eventId: string): NewEvent {
  return { eventId, type: 'FuturesFillObserved', schemaVersion: 1, payload: { id: eventId }, occurredAt: 1 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A projection's catch-up loop: pages through readAll from its checkpoint. */
class PagingReader {
  readonly seen: StoredEvent[] = [];
  private checkpoint = '0';

  constructor(
    private readonly store: PostgresEventStore,
    private readonly pageSize: number,
  ) {}

  async catchUp(): Promise<void> {
    for (;;) {
      const page = await this.store.readAll({ afterPosition: this.checkpoint, limit: this.pageSize });
      if (page.length === 0) return;
      this.seen.push(...page);
      this.checkpoint = page[page.length - 1].globalPosition;
    }
  }

  ids(): string[] {
    return this.seen.map((stored) => stored.eventId);
  }
}

describe('reading the log in global order while writers commit out of order', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.dataSource);
  });

  afterAll(async () => {
    await database.drop();
  });

  async function openTransaction(): Promise<QueryRunner> {
    const runner = database.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    return runner;
  }

  it('a second writer waits for the first to commit, and a reader in between misses nothing', async () => {
    const reader = new PagingReader(store, 2);
    await store.append('order-0', 'test', 0, [event('before-1')]);
    await reader.catchUp();

    const first = await openTransaction();
    const second = await openTransaction();
    try {
      await store.append(
        'order-1',
        'test',
        0,
        [event('first-1'), event('first-2'), event('first-3')],
        first.manager,
      );
      let secondAppended = false;
      const secondAppend = store
        .append('order-2', 'test', 0, [event('second-1')], second.manager)
        .then((result) => ((secondAppended = true), result));
      await sleep(300);
      // The second writer cannot take positions (and so cannot commit before the first).
      expect(secondAppended).toBe(false);
      await reader.catchUp();
      expect(reader.ids()).toEqual(['before-1']);

      await first.commitTransaction();
      const secondResult = await secondAppend;
      await reader.catchUp();
      expect(reader.ids()).toEqual(['before-1', 'first-1', 'first-2', 'first-3']);

      await second.commitTransaction();
      await reader.catchUp();
      expect(reader.ids()).toEqual(['before-1', 'first-1', 'first-2', 'first-3', 'second-1']);
      expect(secondResult.appended[0].globalPosition).toBe(reader.seen[4].globalPosition);
    } finally {
      await first.release();
      await second.release();
    }
  });

  it('an event offered by two overlapping writers is stored once; the later one sees it once the earlier commits', async () => {
    const first = await openTransaction();
    const second = await openTransaction();
    try {
      await store.append('dup-a', 'test', 'any', [event('same-fact')], first.manager);
      const later = store.append(
        'dup-b',
        'test',
        'any',
        [event('same-fact'), event('other-fact')],
        second.manager,
      );
      await sleep(100);
      await first.commitTransaction();
      const result = await later;
      await second.commitTransaction();
      expect(result.duplicateEventIds).toEqual(['same-fact']);
      expect(result.appended.map((stored) => stored.eventId)).toEqual(['other-fact']);
    } finally {
      await first.release();
      await second.release();
    }
  });

  it('many writers with random commit delays and rollbacks: a paging reader sees every committed event once, in order', async () => {
    const reader = new PagingReader(store, 7);
    await reader.catchUp();
    const committed = new Set<string>();
    let writing = true;
    const readerLoop = (async () => {
      while (writing) {
        await reader.catchUp();
        await sleep(1);
      }
    })();
    await Promise.all(
      Array.from({ length: 6 }, async (_, writer) => {
        for (let transaction = 0; transaction < 15; transaction += 1) {
          const ids = Array.from(
            { length: 1 + ((writer + transaction) % 5) },
            (_, index) => `w${writer}-t${transaction}-${index}`,
          );
          const rollback = (writer * 15 + transaction) % 7 === 3;
          await database.dataSource
            .transaction(async (manager) => {
              await store.appendToStreams(
                [
                  {
                    streamId: `stress-${writer}`,
                    streamType: 'test',
                    expectedVersion: 'any',
                    events: ids.map(event),
                  },
                  {
                    streamId: `stress-shared-${transaction % 3}`,
                    streamType: 'test',
                    expectedVersion: 'any',
                    events: [event(`${ids[0]}-shared`)],
                  },
                ],
                manager,
              );
              await sleep(Math.floor(Math.random() * 15));
              if (rollback) throw new Error('rolled back on purpose');
            })
            .then(
              () => [...ids, `${ids[0]}-shared`].forEach((id) => committed.add(id)),
              (error: unknown) => {
                if (!(error instanceof Error && error.message === 'rolled back on purpose')) throw error;
              },
            );
        }
      }),
    );
    writing = false;
    await readerLoop;
    await reader.catchUp();

    const stressIds = reader.ids().filter((id) => id.startsWith('w'));
    expect(new Set(stressIds)).toEqual(committed);
    expect(stressIds).toHaveLength(committed.size);
    const positions = reader.seen.map((stored) => Number(stored.globalPosition));
    // Gapless and strictly increasing: nothing skipped, nothing read twice, rollbacks leave no hole.
    expect(positions).toEqual(Array.from({ length: positions.length }, (_, index) => index + 1));
    expect((await verifyEventLog(database.dataSource)).ok).toBe(true);
  });
});
