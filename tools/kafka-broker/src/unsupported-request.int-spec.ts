import { Kafka, logLevel } from 'kafkajs';
import { ErrorCode } from './protocol/error-codes';
import { RawKafkaClient } from './test-support/raw-kafka-client';
import { startTemporaryBroker, TemporaryBroker } from './test-support/temporary-broker';

describe('requests the broker does not support', () => {
  let broker: TemporaryBroker;
  let client: RawKafkaClient;

  beforeAll(async () => {
    broker = await startTemporaryBroker();
    client = await RawKafkaClient.connect('127.0.0.1', broker.current.port);
  });

  afterAll(async () => {
    await client.close();
    await broker.dispose();
  });

  it('answers an unknown API with UNSUPPORTED_VERSION and keeps the connection', async () => {
    const deleteRecords = await client.request(21, 1, 41);
    expect(deleteRecords.correlationId).toBe(41);
    expect(deleteRecords.body.readInt16BE(0)).toBe(ErrorCode.UNSUPPORTED_VERSION);

    const madeUp = await client.request(999, 0, 42);
    expect(madeUp.correlationId).toBe(42);
    expect(madeUp.body.readInt16BE(0)).toBe(ErrorCode.UNSUPPORTED_VERSION);

    const versions = await client.request(18, 2, 43);
    expect(versions.correlationId).toBe(43);
    expect(versions.body.readInt16BE(0)).toBe(ErrorCode.NONE);
    expect(versions.body.readInt32BE(2)).toBe(18);
  });

  it('answers a supported API at an unsupported version with UNSUPPORTED_VERSION', async () => {
    const produceV3 = await client.request(0, 3, 44);
    expect(produceV3.body.readInt16BE(0)).toBe(ErrorCode.UNSUPPORTED_VERSION);
  });

  it('answers a too-new ApiVersions in the version 0 layout so that clients can fall back', async () => {
    const response = await client.request(18, 3, 45);
    expect(response.body.readInt16BE(0)).toBe(ErrorCode.UNSUPPORTED_VERSION);
    const count = response.body.readInt32BE(2);
    expect(response.body.length).toBe(2 + 4 + count * 6);
  });

  it('closes only the connection of a request it cannot parse, and keeps serving', async () => {
    const victim = await RawKafkaClient.connect('127.0.0.1', broker.current.port);
    const answer = victim.request(3, 6, 46, Buffer.from([0, 0, 0, 9]));
    await expect(answer).rejects.toThrow();
    await victim.closed;
    const versions = await client.request(18, 2, 47);
    expect(versions.body.readInt16BE(0)).toBe(ErrorCode.NONE);
  });

  it('stays usable for kafkajs after the unsupported requests', async () => {
    const kafka = new Kafka({
      brokers: broker.brokers(),
      clientId: 'after-unsupported',
      logLevel: logLevel.NOTHING,
    });
    const admin = kafka.admin();
    await admin.connect();
    await expect(admin.createTopics({ topics: [{ topic: 'still-fine', numPartitions: 2 }] })).resolves.toBe(
      true,
    );
    expect(await admin.listTopics()).toContain('still-fine');
    await admin.disconnect();
  });
});
