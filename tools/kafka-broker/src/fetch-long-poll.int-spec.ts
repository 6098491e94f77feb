import { Kafka, logLevel, Producer } from 'kafkajs';
import { ApiKey } from './protocol/api-keys';
import { ErrorCode } from './protocol/error-codes';
import { WireReader } from './protocol/wire-reader';
import { WireWriter } from './protocol/wire-writer';
import { RawKafkaClient } from './test-support/raw-kafka-client';
import { startTemporaryBroker, TemporaryBroker } from './test-support/temporary-broker';

const topic = 'long-poll';

interface FetchAnswer {
  readonly elapsedMs: number;
  readonly errorCode: number;
  readonly highWatermark: number;
  readonly lastStableOffset: number;
  readonly logStartOffset: number;
  readonly abortedTransactions: number;
  readonly recordBytes: number;
}

/** Fetch v11 the way kafkajs sends it (sessionless, READ_COMMITTED), with chosen wait limits. */
describe('fetch long poll: max wait, min bytes and read-committed fields', () => {
  let broker: TemporaryBroker;
  let client: RawKafkaClient;
  let producer: Producer;
  let correlationId = 0;

  beforeAll(async () => {
    broker = await startTemporaryBroker();
    const kafka = new Kafka({ brokers: broker.brokers(), clientId: 'long-poll', logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
    await admin.disconnect();
    producer = kafka.producer();
    await producer.connect();
    client = await RawKafkaClient.connect('127.0.0.1', broker.current.port);
  });

  afterAll(async () => {
    await producer.disconnect();
    await client.close();
    await broker.dispose();
  });

  async function fetch(fetchOffset: number, maxWaitMs: number, minBytes: number): Promise<FetchAnswer> {
    const body = new WireWriter()
      .int32(-1)
      .int32(maxWaitMs)
      .int32(minBytes)
      .int32(10 * 1024 * 1024)
      .int8(1)
      .int32(0)
      .int32(-1)
      .array([topic], (w, name) =>
        w.string(name).array([0], (pw, partition) =>
          pw
            .int32(partition)
            .int32(-1)
            .int64(fetchOffset)
            .int64(-1)
            .int32(1024 * 1024),
        ),
      )
      .int32(0)
      .string('')
      .toBuffer();
    const started = Date.now();
    const { body: answer } = await client.request(ApiKey.Fetch, 11, ++correlationId, body);
    const elapsedMs = Date.now() - started;
    const reader = new WireReader(answer);
    reader.int32('throttle_time_ms');
    expect(reader.int16('error_code')).toBe(ErrorCode.NONE);
    reader.int32('session_id');
    expect(reader.int32('topic_count')).toBe(1);
    reader.string('topic');
    expect(reader.int32('partition_count')).toBe(1);
    reader.int32('partition');
    const errorCode = reader.int16('error_code');
    const highWatermark = reader.int64('high_watermark');
    const lastStableOffset = reader.int64('last_stable_offset');
    const logStartOffset = reader.int64('log_start_offset');
    const abortedTransactions = reader.int32('aborted_transactions');
    reader.int32('preferred_read_replica');
    const records = reader.nullableBytes('records');
    return {
      elapsedMs,
      errorCode,
      highWatermark,
      lastStableOffset,
      logStartOffset,
      abortedTransactions,
      recordBytes: records?.length ?? 0,
    };
  }

  it('waits max_wait_ms on an empty partition and answers with nothing', async () => {
    const answer = await fetch(0, 300, 1);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(280);
    expect(answer).toMatchObject({ errorCode: ErrorCode.NONE, highWatermark: 0, recordBytes: 0 });
  });

  it('keeps waiting while less than min_bytes arrived, and answers once enough did', async () => {
    const waiting = fetch(0, 5_000, 4_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await producer.send({ topic, messages: [{ value: 'small' }] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await producer.send({ topic, messages: [{ value: 'x'.repeat(5_000) }] });
    const answer = await waiting;
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(280);
    expect(answer.elapsedMs).toBeLessThan(3_000);
    expect(answer.recordBytes).toBeGreaterThanOrEqual(4_000);
  });

  it('answers at once when data is there, with the read-committed fields filled', async () => {
    const answer = await fetch(0, 5_000, 1);
    expect(answer.elapsedMs).toBeLessThan(1_000);
    // No transactions: the last stable offset is the high watermark, nothing was aborted.
    expect(answer).toMatchObject({ errorCode: ErrorCode.NONE, highWatermark: 2, lastStableOffset: 2 });
    expect(answer.logStartOffset).toBe(0);
    expect(answer.abortedTransactions).toBeLessThanOrEqual(0);
  });

  it('answers an offset beyond the log end with OFFSET_OUT_OF_RANGE without waiting', async () => {
    const answer = await fetch(50, 5_000, 1);
    expect(answer.errorCode).toBe(ErrorCode.OFFSET_OUT_OF_RANGE);
    expect(answer.elapsedMs).toBeLessThan(1_000);
  });
});
