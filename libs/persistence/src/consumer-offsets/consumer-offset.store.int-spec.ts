import { createTestDatabase, TestDatabase } from '../test-support/test-database';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { ConsumerOffsetStore } from './consumer-offset.store';

describe('ConsumerOffsetStore', () => {
  let database: TestDatabase;
  let offsets: ConsumerOffsetStore;
  let events: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    offsets = new ConsumerOffsetStore(database.dataSource);
    events = new PostgresEventStore(database.dataSource);
  });

  afterAll(async () => {
    await database.drop();
  });

  it('commits offsets with the events of the same transaction, and neither when it fails', async () => {
    await database.dataSource.transaction(async (manager) => {
      await events.append(
        's-1',
        'test',
        0,
        [{ eventId: 'x-1', type: 'T', schemaVersion: 1, payload: {}, occurredAt: 1 }],
        manager,
      );
      await offsets.save(manager, 'oms', [{ topic: 'venue', partition: 0, nextOffset: '42' }]);
    });
    await expect(
      database.dataSource.transaction(async (manager) => {
        await events.append(
          's-1',
          'test',
          1,
          [{ eventId: 'x-2', type: 'T', schemaVersion: 1, payload: {}, occurredAt: 1 }],
          manager,
        );
        await offsets.save(manager, 'oms', [{ topic: 'venue', partition: 0, nextOffset: '43' }]);
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await offsets.load('oms', 'venue')).toEqual([{ topic: 'venue', partition: 0, nextOffset: '42' }]);
    expect(await events.streamVersion('s-1')).toBe(1);
  });

  it('never moves an offset backwards', async () => {
    await offsets.save(database.dataSource.manager, 'g', [{ topic: 't', partition: 3, nextOffset: '100' }]);
    await offsets.save(database.dataSource.manager, 'g', [{ topic: 't', partition: 3, nextOffset: '90' }]);
    expect(await offsets.load('g', 't')).toEqual([{ topic: 't', partition: 3, nextOffset: '100' }]);
  });
});
