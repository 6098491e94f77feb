import { Kafka, logLevel } from 'kafkajs';
import { ApiKey } from './protocol/api-keys';
import { ErrorCode } from './protocol/error-codes';
import { WireReader } from './protocol/wire-reader';
import { WireWriter } from './protocol/wire-writer';
import { RawKafkaClient } from './test-support/raw-kafka-client';
import { startTemporaryBroker, TemporaryBroker } from './test-support/temporary-broker';

const topic = 'committed';

/** OffsetCommit v5 and OffsetFetch v4 for groups the coordinator does not know. */
describe('group offsets of unknown groups', () => {
  let broker: TemporaryBroker;
  let client: RawKafkaClient;
  let correlationId = 0;

  beforeAll(async () => {
    broker = await startTemporaryBroker();
    const kafka = new Kafka({ brokers: broker.brokers(), clientId: 'offsets', logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
    await admin.disconnect();
    client = await RawKafkaClient.connect('127.0.0.1', broker.current.port);
  });

  afterAll(async () => {
    await client.close();
    await broker.dispose();
  });

  async function commit(groupId: string, generationId: number, memberId: string, offset: number) {
    const body = new WireWriter()
      .string(groupId)
      .int32(generationId)
      .string(memberId)
      .array([topic], (w, name) =>
        w.string(name).array([0], (pw, partition) => pw.int32(partition).int64(offset).nullableString(null)),
      )
      .toBuffer();
    const reader = new WireReader((await client.request(ApiKey.OffsetCommit, 5, ++correlationId, body)).body);
    reader.int32('throttle_time_ms');
    reader.int32('topic_count');
    reader.string('topic');
    reader.int32('partition_count');
    reader.int32('partition');
    return reader.int16('error_code');
  }

  async function committedOffset(groupId: string) {
    const body = new WireWriter()
      .string(groupId)
      .array([topic], (w, name) => w.string(name).array([0], (pw, partition) => pw.int32(partition)))
      .toBuffer();
    const reader = new WireReader((await client.request(ApiKey.OffsetFetch, 4, ++correlationId, body)).body);
    reader.int32('throttle_time_ms');
    reader.int32('topic_count');
    reader.string('topic');
    reader.int32('partition_count');
    reader.int32('partition');
    const offset = reader.int64('offset');
    const metadata = reader.nullableString('metadata');
    const errorCode = reader.int16('error_code');
    return { offset, metadata, errorCode, groupErrorCode: reader.int16('group_error_code') };
  }

  it('answers -1 with no error for a group that never committed', async () => {
    expect(await committedOffset('nobody')).toEqual({
      offset: -1,
      metadata: '',
      errorCode: ErrorCode.NONE,
      groupErrorCode: ErrorCode.NONE,
    });
  });

  it('takes a commit from outside group management and refuses one naming a generation', async () => {
    expect(await commit('standalone', -1, '', 7)).toBe(ErrorCode.NONE);
    expect((await committedOffset('standalone')).offset).toBe(7);
    // A member of a group the broker does not know (it restarted, say): rejoin, as Kafka says.
    expect(await commit('forgotten', 3, 'member-1', 9)).toBe(ErrorCode.ILLEGAL_GENERATION);
    expect((await committedOffset('forgotten')).offset).toBe(-1);
  });
});
