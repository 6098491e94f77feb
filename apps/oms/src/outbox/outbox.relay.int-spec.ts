import { EventCodec, EventEnvelope, KafkaEventPublisher, PayloadSchemaRegistry } from '@oms/kafka';
import { FoldHarness, startFoldHarness } from '../fold/test-support/fold-harness';
import { mixedWorkload } from '../fold/test-support/mixed-workload';
import { OutboxRelay } from './outbox.relay';

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
    const stored = await harness.query<{ event_id: string; stream_id: string }>(
      `SELECT event_id, stream_id FROM events`,
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
  });
});
