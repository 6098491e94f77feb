import { Registry } from 'prom-client';
import { EventCodec, EventEnvelope, KafkaEventPublisher, PayloadSchemaRegistry } from '@oms/kafka';
import { FoldHarness, startFoldHarness } from '../fold/test-support/fold-harness';
import { decodedEnvelope } from '../fold/test-support/fold-fixtures';
import { mixedWorkload } from '../fold/test-support/mixed-workload';
import { relationRowsRead } from '@oms/persistence/test-support/plan-rows';
import { OutboxMetrics } from './outbox-metrics';
import { OUTBOX_PAGE, OUTBOX_RELAY, OutboxRelay } from './outbox.relay';

interface StoredRow {
  event_id: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  payload: unknown;
  metadata: unknown;
  correlation_id: string | null;
  occurred_at: Date;
  recorded_at: Date;
}

describe('OMS events outbox', () => {
  let harness: FoldHarness;
  let publisher: KafkaEventPublisher;
  let orderSequence = 0;

  beforeAll(async () => {
    harness = await startFoldHarness(2);
    publisher = new KafkaEventPublisher({
      kafka: harness.cluster.kafka,
      codec: new EventCodec(new PayloadSchemaRegistry(), { unregisteredTypes: 'accept' }),
    });
  }, 60_000);

  afterAll(async () => {
    await publisher?.close();
    await harness?.close();
  });

  const relay = (metrics?: OutboxMetrics) =>
    new OutboxRelay(harness.database.dataSource, publisher, {
      topic: harness.topics.omsEvents,
      batchSize: 50,
      metrics,
    });

  /** Folds a few orders' observations (new order ids each time); returns the events stored by them. */
  async function foldOrders(count: number): Promise<StoredRow[]> {
    const before = await harness.query<{ last: string | null }>(
      `SELECT max(global_position)::text AS last FROM events`,
    );
    const workload = mixedWorkload(orderSequence + count).events.filter(
      (event) => Number((event.data as { orderId?: string }).orderId ?? 0) >= 500_000 + orderSequence,
    );
    orderSequence += count;
    await harness.fold.transactions.run(async (context) => {
      for (const [index, event] of workload.entries()) {
        await harness.fold.observations.fold(context, decodedEnvelope(event, 1_763_900_000_000 + index));
      }
    });
    return harness.query<StoredRow>(
      `SELECT event_id, stream_id, stream_version, event_type, payload, metadata, correlation_id, occurred_at,
              recorded_at FROM events WHERE global_position > $1::bigint ORDER BY global_position`,
      [before[0].last ?? '0'],
    );
  }

  async function publishAll(metrics?: OutboxMetrics): Promise<number> {
    let sent = 0;
    const publishing = relay(metrics);
    for (let page = await publishing.publishPending(); page > 0; page = await publishing.publishPending())
      sent += page;
    return sent;
  }

  /**
   * The messages on oms.events.v1 of the given events, read from the beginning by a new
   * group, once `count` of them came (and whatever came with them).
   */
  async function received(
    events: readonly StoredRow[],
    count = events.length,
  ): Promise<Array<{ key: string; envelope: EventEnvelope }>> {
    const wanted = new Set(events.map((event) => event.event_id));
    const messages: Array<{ key: string; envelope: EventEnvelope }> = [];
    const consumer = harness.cluster.kafka.consumer({
      groupId: harness.cluster.uniqueName('oms-events-reader'),
    });
    await consumer.connect();
    try {
      await consumer.subscribe({ topic: harness.topics.omsEvents, fromBeginning: true });
      await consumer.run({
        eachMessage: ({ message }) => {
          const envelope = JSON.parse(String(message.value)) as EventEnvelope;
          if (wanted.has(envelope.eventId)) messages.push({ key: String(message.key), envelope });
          return Promise.resolve();
        },
      });
      await harness.waitFor(`${count} OMS events`, () =>
        Promise.resolve(messages.length >= count ? true : undefined),
      );
      // Anything published beyond what was waited for arrives in the same fetches.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await consumer.disconnect();
    }
    return messages;
  }

  it('publishes every stored OMS event once to oms.events.v1, keyed by account:symbol, with the event id of the store', async () => {
    const stored = await foldOrders(6);
    expect(stored.length).toBeGreaterThan(20);

    expect(await publishAll()).toBe(stored.length);
    expect(await relay().publishPending()).toBe(0);

    const messages = await received(stored);
    expect(messages.map((message) => message.envelope.eventId)).toEqual(stored.map((row) => row.event_id));
    expect(messages.every((message) => message.envelope.source === 'oms')).toBe(true);
    expect(
      messages.every((message) => message.key === `${message.envelope.accountId}:${message.envelope.symbol}`),
    ).toBe(true);
    const fill = messages.find((message) => message.envelope.type === 'FuturesFillObserved')!;
    expect(fill.key).toMatch(/^a[12]:(ETH|BTC)USDT-PERPETUAL$/);
    const position = messages.find((message) =>
      (message.envelope.payload as { streamId: string }).streamId.startsWith('position:'),
    )!;
    expect(position.key).toMatch(/^a[12]:(ETH|BTC)USDT-PERPETUAL$/);
    const byId = new Map(stored.map((row) => [row.event_id, row]));
    for (const { envelope } of messages) {
      const row = byId.get(envelope.eventId)!;
      expect(envelope).toMatchObject({
        type: row.event_type,
        observedAt: row.recorded_at.toISOString(),
        venueTime: row.occurred_at.toISOString(),
        correlationId: row.correlation_id ?? row.event_id,
        payload: {
          streamId: row.stream_id,
          streamVersion: row.stream_version,
          data: row.payload,
          metadata: row.metadata,
        },
      });
    }
  });

  it('publishes nothing while another relay holds the cursor, and the page after it once released; the metrics count what waits and what went', async () => {
    const stored = await foldOrders(2);
    const metrics = OutboxMetrics.for(new Registry());
    const runner = harness.database.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`SELECT 1 FROM oms_outbox_cursor FOR UPDATE`);
      expect(await relay(metrics).publishPending()).toBe(0);
      await runner.rollbackTransaction();
    } finally {
      await runner.release();
    }
    expect((await metrics.unpublished.get()).values[0].value).toBe(stored.length);
    expect(await publishAll(metrics)).toBe(stored.length);
    expect((await metrics.unpublished.get()).values[0].value).toBe(0);
    expect((await metrics.published.get()).values[0].value).toBe(stored.length);
  });

  it('reads a page from the cursor by position: the rows of the log it reads do not grow with what was published before', async () => {
    await foldOrders(120);
    await publishAll();
    const published = await harness.query<{ count: number }>(`SELECT count(*)::int AS count FROM events`);
    const waiting = await foldOrders(1);
    expect(published[0].count).toBeGreaterThan(1_000);
    expect(
      await relationRowsRead(harness.database.dataSource, OUTBOX_PAGE, [OUTBOX_RELAY, 50], 'events'),
    ).toBe(Math.min(50, waiting.length));
    await publishAll();
  });

  it('on upgrade, publishes the events whose outbox rows were unpublished and none before them; on downgrade, gives the unpublished their rows back', async () => {
    const isApplied = async () =>
      (await harness.query(`SELECT 1 FROM schema_migrations WHERE name = 'OutboxReadsTheLog1795700002000'`))
        .length > 0;
    await publishAll();
    const waiting = await foldOrders(2);
    while (await isApplied()) await harness.database.dataSource.undoLastMigration({ transaction: 'each' });
    const rows = await harness.query<{ event_id: string; partition_key: string }>(
      `SELECT event_id, partition_key FROM oms_outbox ORDER BY id`,
    );
    expect(rows.map((row) => row.event_id)).toEqual(waiting.map((row) => row.event_id));
    expect(rows.every((row) => /^a[12]:[A-Z-]+$/.test(row.partition_key))).toBe(true);

    // The older relay published the first three of them.
    await harness.query(
      `UPDATE oms_outbox SET published_at = now() WHERE id IN (SELECT id FROM oms_outbox ORDER BY id LIMIT 3)`,
    );
    await harness.database.dataSource.runMigrations({ transaction: 'each' });
    expect(await publishAll()).toBe(waiting.length - 3);
    const messages = await received(waiting, waiting.length - 3);
    expect(messages.map((message) => message.envelope.eventId)).toEqual(
      waiting.slice(3).map((row) => row.event_id),
    );
  });
});
