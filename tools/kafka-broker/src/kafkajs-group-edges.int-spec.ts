import { Consumer, Kafka, logLevel } from 'kafkajs';
import { ApiKey } from './protocol/api-keys';
import { ErrorCode } from './protocol/error-codes';
import { WireReader } from './protocol/wire-reader';
import { WireWriter } from './protocol/wire-writer';
import { RawKafkaClient } from './test-support/raw-kafka-client';
import { startTemporaryBroker, TemporaryBroker } from './test-support/temporary-broker';

const PARTITIONS = 4;

function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = (): void => {
      const value = probe();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(check, 25);
    };
    check();
  });
}

/** A JoinGroup v5 body as a kafkajs consumer would send it, subscribed to `topic`. */
function joinGroupBody(
  groupId: string,
  topic: string,
  sessionTimeoutMs: number,
  rebalanceTimeoutMs = sessionTimeoutMs,
): Buffer {
  const subscription = new WireWriter()
    .int16(1)
    .array([topic], (w, name) => w.string(name))
    .nullableBytes(null)
    .toBuffer();
  return new WireWriter()
    .string(groupId)
    .int32(sessionTimeoutMs)
    .int32(rebalanceTimeoutMs)
    .string('')
    .nullableString(null)
    .string('consumer')
    .array([{ name: 'RoundRobinAssigner', metadata: subscription }], (w, protocol) =>
      w.string(protocol.name).bytes(protocol.metadata),
    )
    .toBuffer();
}

describe('consumer groups under kafkajs: leaving, dropped connections', () => {
  let broker: TemporaryBroker;
  let kafka: Kafka;
  const consumers: Consumer[] = [];

  beforeAll(async () => {
    broker = await startTemporaryBroker();
    kafka = new Kafka({ brokers: broker.brokers(), clientId: 'group-edges', logLevel: logLevel.NOTHING });
  });

  afterAll(async () => {
    for (const consumer of consumers) await consumer.disconnect();
    await broker.dispose();
  });

  async function createTopic(topic: string): Promise<void> {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: PARTITIONS }] });
    await admin.disconnect();
  }

  /** A running member whose latest assignment (sorted partitions) is kept in `assignments`. */
  async function member(groupId: string, topic: string, assignments: number[][]): Promise<Consumer> {
    const consumer = kafka.consumer({
      groupId,
      // Long sessions: whatever rebalance happens below cannot come from an expiry of these.
      sessionTimeout: 20_000,
      rebalanceTimeout: 20_000,
      heartbeatInterval: 100,
      maxWaitTimeInMs: 100,
    });
    consumers.push(consumer);
    consumer.on(consumer.events.GROUP_JOIN, (event) => {
      assignments.push([...(event.payload.memberAssignment[topic] ?? [])].sort());
    });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({ eachMessage: () => Promise.resolve() });
    return consumer;
  }

  it('hands every partition to the remaining member at once when the other leaves', async () => {
    const topic = 'leaving';
    await createTopic(topic);
    const stays: number[][] = [];
    const leaves: number[][] = [];
    await member('leave-group', topic, stays);
    await waitFor(() => (stays.at(-1)?.length === PARTITIONS ? true : undefined), 'the first member');
    const leaving = await member('leave-group', topic, leaves);
    await waitFor(
      () => (stays.at(-1)?.length === 2 && leaves.at(-1)?.length === 2 ? true : undefined),
      'the split between two members',
    );

    const leftAt = Date.now();
    await leaving.disconnect();
    await waitFor(() => (stays.at(-1)?.length === PARTITIONS ? true : undefined), 'the partitions back');
    // LeaveGroup, not a session expiry (20 s), triggered the rebalance.
    expect(Date.now() - leftAt).toBeLessThan(5_000);
  });

  it('drops a member whose connection closed while its join waited, once its session lapses', async () => {
    const topic = 'dropped';
    await createTopic(topic);
    const stays: number[][] = [];
    await member('drop-group', topic, stays);
    await waitFor(() => (stays.at(-1)?.length === PARTITIONS ? true : undefined), 'the first member');

    // The join waits for the kafkajs member to rejoin; the connection goes before the answer.
    const raw = await RawKafkaClient.connect('127.0.0.1', broker.current.port);
    const answer = raw.request(ApiKey.JoinGroup, 5, 7, joinGroupBody('drop-group', topic, 1_000));
    answer.catch(() => undefined);
    await raw.close();

    await waitFor(() => (stays.at(-1)?.length === 2 ? true : undefined), 'a generation with two members');
    const splitAt = Date.now();
    // The dropped member never syncs nor heart-beats: its 1 s session ends it.
    await waitFor(() => (stays.at(-1)?.length === PARTITIONS ? true : undefined), 'the partitions back');
    expect(Date.now() - splitAt).toBeLessThan(5_000);
    await expect(answer).rejects.toThrow(/closed/);
  });

  it('ends a rebalance at the session timeout of a silent member, not at its rebalance timeout', async () => {
    const topic = 'silent';
    await createTopic(topic);
    // A member that joins, takes its assignment, then goes silent without leaving.
    const raw = await RawKafkaClient.connect('127.0.0.1', broker.current.port);
    const joined = new WireReader(
      (await raw.request(ApiKey.JoinGroup, 5, 1, joinGroupBody('silent-group', topic, 1_000, 20_000))).body,
    );
    joined.int32('throttle_time_ms');
    expect(joined.int16('error_code')).toBe(ErrorCode.NONE);
    const generationId = joined.int32('generation_id');
    joined.string('protocol_name');
    joined.string('leader');
    const memberId = joined.string('member_id');
    const sync = new WireWriter()
      .string('silent-group')
      .int32(generationId)
      .string(memberId)
      .nullableString(null)
      .array([memberId], (w, id) => w.string(id).bytes(Buffer.alloc(0)))
      .toBuffer();
    const synced = await raw.request(ApiKey.SyncGroup, 3, 2, sync);
    expect(synced.body.readInt16BE(4)).toBe(ErrorCode.NONE);
    await raw.close();

    const stays: number[][] = [];
    const joinedAt = Date.now();
    await member('silent-group', topic, stays);
    await waitFor(() => (stays.at(-1)?.length === PARTITIONS ? true : undefined), 'every partition');
    // The silent member's rebalance timeout is 20 s; its 1 s session is what ended the wait.
    expect(Date.now() - joinedAt).toBeLessThan(8_000);
  });
});
