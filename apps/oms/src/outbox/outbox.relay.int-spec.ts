import {
  deterministicEventId,
  EventCodec,
  EventEnvelope,
  KafkaEventPublisher,
  PayloadSchemaRegistry,
} from '@oms/kafka';
import { FoldHarness, startFoldHarness } from '../fold/test-support/fold-harness';
import { mixedWorkload } from '../fold/test-support/mixed-workload';
import { OutboxRelay } from './outbox.relay';

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

  it('publishes every stored OMS event once to oms.events.v1, keyed by account:symbol, with the event id of the store', async () => {
    const workload = mixedWorkload(6);
    await harness.fold.transactions.run(async (context) => {
      const { decodedEnvelope } = await import('../fold/test-support/fold-fixtures');
      for (const [index, event] of workload.events.entries()) {
        await harness.fold.observations.fold(context, decodedEnvelope(event, 1_763_900_000_000 + index));
      }
    });
    const stored = await harness.query<StoredRow>(
      `SELECT event_id, stream_id, stream_version, event_type, payload, metadata, correlation_id, occurred_at,
              recorded_at FROM events`,
    );
    expect(stored.length).toBeGreaterThan(workload.events.length);

    const relay = new OutboxRelay(harness.database.dataSource, publisher, {
      topic: harness.topics.omsEvents,
      batchSize: 50,
    });
    let sent = 0;
    for (let page = await relay.publishPending(); page > 0; page = await relay.publishPending()) sent += page;
    expect(sent).toBe(stored.length);
    expect(await relay.publishPending()).toBe(0);

    const received: Array<{ key: string; envelope: EventEnvelope }> = [];
    const consumer = harness.cluster.kafka.consumer({
      groupId: harness.cluster.uniqueName('oms-events-reader'),
    });
    await consumer.connect();
    await consumer.subscribe({ topic: harness.topics.omsEvents, fromBeginning: true });
    await consumer.run({
      eachMessage: ({ message }) => {
        received.push({
          key: String(message.key),
          envelope: JSON.parse(String(message.value)) as EventEnvelope,
        });
        return Promise.resolve();
      },
    });
    await harness.waitFor('every OMS event', () =>
      Promise.resolve(received.length >= stored.length ? true : undefined),
    );
    await consumer.disconnect();
    expect(new Set(received.map((message) => message.envelope.eventId))).toEqual(
      new Set(stored.map((row) => row.event_id)),
    );
    expect(received.every((message) => message.envelope.source === 'oms')).toBe(true);
    expect(
      received.every((message) => message.key === `${message.envelope.accountId}:${message.envelope.symbol}`),
    ).toBe(true);
    const fill = received.find((message) => message.envelope.type === 'FuturesFillObserved')!;
    expect(fill.key).toMatch(/^a[12]:(ETH|BTC)USDT-PERPETUAL$/);
    const byId = new Map(stored.map((row) => [row.event_id, row]));
    for (const { envelope } of received) {
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

  it('publishes a row that carries its own envelope (written before rows referenced their event) as it is', async () => {
    const envelope = {
      eventId: deterministicEventId('oms-event', 'legacy-input', 'legacy-stream', 0),
      type: 'SpotOrderObserved',
      schemaVersion: 1,
      accountId: 'a1',
      symbol: 'ETHUSDT',
      source: 'oms',
      observedAt: '2026-01-02T03:04:05.006Z',
      venueTime: '2026-01-02T03:04:05.000Z',
      correlationId: 'legacy-correlation',
      payload: { streamId: 'legacy-stream', streamVersion: 7, data: { status: 'NEW' }, metadata: {} },
    };
    await harness.query(`INSERT INTO oms_outbox (event_id, partition_key, envelope) VALUES ($1, $2, $3)`, [
      envelope.eventId,
      'a1:ETHUSDT',
      JSON.stringify(envelope),
    ]);
    const relay = new OutboxRelay(harness.database.dataSource, publisher, {
      topic: harness.topics.omsEvents,
    });
    expect(await relay.publishPending()).toBe(1);

    const received: EventEnvelope[] = [];
    const consumer = harness.cluster.kafka.consumer({ groupId: harness.cluster.uniqueName('legacy-reader') });
    await consumer.connect();
    await consumer.subscribe({ topic: harness.topics.omsEvents, fromBeginning: true });
    await consumer.run({
      eachMessage: ({ message }) => {
        const decoded = JSON.parse(String(message.value)) as EventEnvelope;
        if (decoded.eventId === envelope.eventId) received.push(decoded);
        return Promise.resolve();
      },
    });
    await harness.waitFor('the legacy row', () => Promise.resolve(received.length > 0 ? true : undefined));
    await consumer.disconnect();
    expect(received).toEqual([envelope]);
  });
});
