import { Kafka, logLevel } from 'kafkajs';
import { ApiKey } from './protocol/api-keys';
import { ErrorCode } from './protocol/error-codes';
import { WireReader } from './protocol/wire-reader';
import { WireWriter } from './protocol/wire-writer';
import { encodeRecordBatch } from './test-support/kafkajs-record-batch';
import { RawKafkaClient } from './test-support/raw-kafka-client';
import { startTemporaryBroker, TemporaryBroker } from './test-support/temporary-broker';
import { highWatermark } from './test-support/topic-reading';

const topic = 'sequenced';

/**
 * Produce v7 requests with hand-chosen sequence numbers (kafkajs never sends a gap on
 * purpose), encoded by kafkajs's own record batch encoder.
 */
describe('idempotent producer sequence checks over the wire', () => {
  let broker: TemporaryBroker;
  let client: RawKafkaClient;
  let correlationId = 0;
  let producerId = -1;

  beforeAll(async () => {
    broker = await startTemporaryBroker();
    const kafka = new Kafka({
      brokers: broker.brokers(),
      clientId: 'sequence-admin',
      logLevel: logLevel.NOTHING,
    });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
    await admin.disconnect();
    client = await RawKafkaClient.connect('127.0.0.1', broker.current.port);
    const init = new WireReader(
      (
        await client.request(
          ApiKey.InitProducerId,
          1,
          ++correlationId,
          new WireWriter().nullableString(null).int32(60_000).toBuffer(),
        )
      ).body,
    );
    init.int32('throttle_time_ms');
    expect(init.int16('error_code')).toBe(ErrorCode.NONE);
    producerId = init.int64('producer_id');
  });

  afterAll(async () => {
    await client.close();
    await broker.dispose();
  });

  async function produce(firstSequence: number, count: number, producerEpoch = 0) {
    const batch = await encodeRecordBatch({
      values: Array.from({ length: count }, (_, index) => `seq-${firstSequence + index}`),
      producerId,
      producerEpoch,
      firstSequence,
    });
    const body = new WireWriter()
      .nullableString(null)
      .int16(-1)
      .int32(5_000)
      .array([topic], (w, name) =>
        w.string(name).array([0], (pw, partition) => pw.int32(partition).nullableBytes(batch)),
      )
      .toBuffer();
    const answer = new WireReader((await client.request(ApiKey.Produce, 7, ++correlationId, body)).body);
    answer.int32('topic_count');
    answer.string('topic');
    answer.int32('partition_count');
    answer.int32('partition');
    return { errorCode: answer.int16('error_code'), baseOffset: answer.int64('base_offset') };
  }

  const latestOffset = (): Promise<number> =>
    highWatermark(
      new Kafka({ brokers: broker.brokers(), clientId: 'sequence-reader', logLevel: logLevel.NOTHING }),
      topic,
    );

  it('appends in sequence, answers a remembered retry with its first offset, refuses gaps and stale retries', async () => {
    expect(await produce(0, 3)).toEqual({ errorCode: ErrorCode.NONE, baseOffset: 0 });
    expect(await produce(3, 2)).toEqual({ errorCode: ErrorCode.NONE, baseOffset: 3 });
    // A retry of a stored batch: same answer, nothing stored.
    expect(await produce(0, 3)).toEqual({ errorCode: ErrorCode.NONE, baseOffset: 0 });
    // A gap after sequence 4.
    expect((await produce(9, 1)).errorCode).toBe(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER);
    // Overlapping an earlier batch without being one of them.
    expect((await produce(1, 3)).errorCode).toBe(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER);
    expect(await latestOffset()).toBe(5);

    // Push the first batches out of the five remembered ones; their retry is now out of order.
    for (let sequence = 5; sequence < 10; sequence += 1) {
      expect((await produce(sequence, 1)).errorCode).toBe(ErrorCode.NONE);
    }
    expect((await produce(0, 3)).errorCode).toBe(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER);
    expect(await latestOffset()).toBe(10);
  });

  it('fences an older epoch and starts a newer epoch at sequence 0 only', async () => {
    expect((await produce(5, 1, 1)).errorCode).toBe(ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER);
    expect(await produce(0, 1, 1)).toMatchObject({ errorCode: ErrorCode.NONE });
    expect((await produce(10, 1, 0)).errorCode).toBe(ErrorCode.INVALID_PRODUCER_EPOCH);
  });
});
