import { Kafka, logLevel } from 'kafkajs';
import { ApiKey } from './protocol/api-keys';
import { ResponseDroppingProxy } from './test-support/response-dropping-proxy';
import { highWatermark, readFromBeginning } from './test-support/topic-reading';
import { startTemporaryBroker, TemporaryBroker } from './test-support/temporary-broker';

/**
 * The broker stores a batch, the answer is lost on the way back, the producer retries:
 * an idempotent producer's retry must not be stored twice.
 */
describe('idempotent producer retries through the broker', () => {
  let broker: TemporaryBroker;
  let proxy: ResponseDroppingProxy;
  let brokerPort = 0;
  let kafka: Kafka;

  beforeAll(async () => {
    proxy = await ResponseDroppingProxy.start('127.0.0.1', () => brokerPort);
    broker = await startTemporaryBroker({ advertisedPort: proxy.port });
    brokerPort = broker.current.port;
    kafka = new Kafka({
      brokers: broker.brokers(),
      clientId: 'idempotence-spec',
      logLevel: logLevel.NOTHING,
      retry: { initialRetryTime: 50, retries: 5 },
    });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({
      topics: [
        { topic: 'retried', numPartitions: 1 },
        { topic: 'retried-plain', numPartitions: 1 },
      ],
    });
    await admin.disconnect();
  });

  afterAll(async () => {
    await broker.dispose();
    await proxy.stop();
  });

  it('stores a retried batch once and answers the retry with the original offset', async () => {
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    await producer.send({ topic: 'retried', messages: [{ value: 'before' }] });

    proxy.dropNextResponseTo(ApiKey.Produce);
    const [result] = await producer.send({
      topic: 'retried',
      messages: Array.from({ length: 10 }, (_, index) => ({ key: 'k', value: `m${index}` })),
    });
    await producer.send({ topic: 'retried', messages: [{ value: 'after' }] });
    await producer.disconnect();

    expect(proxy.droppedResponses).toBe(1);
    expect(result.baseOffset).toBe('1');
    expect(await highWatermark(kafka, 'retried')).toBe(12);
    expect(await readFromBeginning(kafka, 'retried', 12)).toEqual([
      'before',
      ...Array.from({ length: 10 }, (_, index) => `m${index}`),
      'after',
    ]);
  });

  it('stores the retry twice when the producer is not idempotent (the fault is real)', async () => {
    const producer = kafka.producer({ idempotent: false });
    await producer.connect();
    proxy.dropNextResponseTo(ApiKey.Produce);
    await producer.send({ topic: 'retried-plain', acks: -1, messages: [{ value: 'once' }] });
    await producer.disconnect();

    expect(proxy.droppedResponses).toBe(2);
    expect(await highWatermark(kafka, 'retried-plain')).toBe(2);
  });
});
