import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Admin, AssignerProtocol, Consumer, GroupDescription, Kafka, logLevel } from 'kafkajs';
import { ApiKey } from './protocol/api-keys';
import { ErrorCode } from './protocol/error-codes';
import { WireReader } from './protocol/wire-reader';
import { WireWriter } from './protocol/wire-writer';
import { RawKafkaClient } from './test-support/raw-kafka-client';
import { startTemporaryBroker, TemporaryBroker } from './test-support/temporary-broker';

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The kafkajs admin client against the broker: groups, offsets, topic and group deletion. */
describe('kafkajs admin client', () => {
  let broker: TemporaryBroker;
  let kafka: Kafka;
  let admin: Admin;
  let raw: RawKafkaClient;
  let correlationId = 0;

  beforeAll(async () => {
    broker = await startTemporaryBroker();
    kafka = new Kafka({ brokers: broker.brokers(), clientId: 'admin-spec', logLevel: logLevel.NOTHING });
    // No retries: an error answer shows up at once instead of after kafkajs's back-off.
    admin = kafka.admin({ retry: { retries: 0 } });
    await admin.connect();
    raw = await RawKafkaClient.connect('127.0.0.1', broker.current.port);
  });

  afterAll(async () => {
    await raw.close();
    await admin.disconnect();
    await broker.dispose();
  });

  async function rawRequest(apiKey: number, apiVersion: number, body: WireWriter): Promise<WireReader> {
    const response = await raw.request(apiKey, apiVersion, ++correlationId, body.toBuffer());
    return new WireReader(response.body);
  }

  /** OffsetCommit v5 from outside group management, as a standalone client sends it. */
  async function standaloneCommit(groupId: string, topic: string, offset: number): Promise<number> {
    const reader = await rawRequest(
      ApiKey.OffsetCommit,
      5,
      new WireWriter()
        .string(groupId)
        .int32(-1)
        .string('')
        .array([topic], (w, name) =>
          w
            .string(name)
            .array([0], (pw, partition) => pw.int32(partition).int64(offset).nullableString(null)),
        ),
    );
    reader.int32('throttle_time_ms');
    reader.int32('topic_count');
    reader.string('topic');
    reader.int32('partition_count');
    reader.int32('partition');
    return reader.int16('error_code');
  }

  /** OffsetFetch v4 with a null topic list: every topic the group holds offsets for. */
  async function committedTopics(groupId: string): Promise<string[]> {
    const reader = await rawRequest(ApiKey.OffsetFetch, 4, new WireWriter().string(groupId).int32(-1));
    reader.int32('throttle_time_ms');
    return reader.array((r) => {
      const topic = r.string('topic');
      r.array((p) => [p.int32(), p.int64(), p.nullableString(), p.int16()]);
      return topic;
    });
  }

  async function deleteTopicsRaw(names: string[]): Promise<{ topic: string; errorCode: number }[]> {
    const reader = await rawRequest(
      ApiKey.DeleteTopics,
      1,
      new WireWriter().array(names, (w, name) => w.string(name)).int32(5_000),
    );
    reader.int32('throttle_time_ms');
    return reader.array((r) => ({ topic: r.string('topic'), errorCode: r.int16('error_code') }));
  }

  async function describeGroup(groupId: string): Promise<GroupDescription> {
    const { groups } = await admin.describeGroups([groupId]);
    expect(groups).toHaveLength(1);
    return groups[0];
  }

  async function produce(topic: string, messages: { partition: number; value: string }[]) {
    const producer = kafka.producer();
    await producer.connect();
    const sent = await producer.send({ topic, messages });
    await producer.disconnect();
    return sent;
  }

  describe('a consumer group', () => {
    const topic = 'admin-orders';
    const groupId = 'admin-stable';
    const consumers: Consumer[] = [];

    afterAll(async () => {
      for (const consumer of consumers) await consumer.disconnect();
    });

    it('is Stable with two members, each shown with its metadata and assignment, then Empty once they leave', async () => {
      await admin.createTopics({ topics: [{ topic, numPartitions: 2 }] });
      for (let index = 0; index < 2; index += 1) {
        const consumer = kafka.consumer({
          groupId,
          sessionTimeout: 20_000,
          rebalanceTimeout: 20_000,
          heartbeatInterval: 100,
          maxWaitTimeInMs: 100,
        });
        consumers.push(consumer);
        await consumer.connect();
        await consumer.subscribe({ topic, fromBeginning: true });
        await consumer.run({ eachMessage: () => Promise.resolve() });
      }

      const stable = await waitFor(async () => {
        const group = await describeGroup(groupId);
        return group.state === 'Stable' && group.members.length === 2 ? group : undefined;
      }, 'a stable group of two');
      expect(stable).toMatchObject({
        groupId,
        errorCode: ErrorCode.NONE,
        protocolType: 'consumer',
        protocol: 'RoundRobinAssigner',
      });
      const assigned: number[] = [];
      for (const member of stable.members) {
        expect(member).toMatchObject({ clientId: 'admin-spec', clientHost: '/127.0.0.1' });
        expect(member.memberId).toMatch(/^admin-spec-/);
        expect(AssignerProtocol.MemberMetadata.decode(member.memberMetadata)?.topics).toEqual([topic]);
        const assignment = AssignerProtocol.MemberAssignment.decode(member.memberAssignment);
        assigned.push(...(assignment?.assignment[topic] ?? []));
      }
      expect(assigned.sort()).toEqual([0, 1]);

      // A running group can neither be repositioned nor deleted.
      await expect(
        admin.setOffsets({ groupId, topic, partitions: [{ partition: 0, offset: '0' }] }),
      ).rejects.toThrow('The consumer group must have no running instances, current state: Stable');
      await expect(admin.deleteGroups([groupId])).rejects.toMatchObject({
        groups: [expect.objectContaining({ groupId, errorCode: ErrorCode.NON_EMPTY_GROUP })],
      });
      expect((await admin.listGroups()).groups).toContainEqual({ groupId, protocolType: 'consumer' });

      for (const consumer of consumers.splice(0)) await consumer.disconnect();
      const empty = await waitFor(async () => {
        const group = await describeGroup(groupId);
        return group.state === 'Empty' ? group : undefined;
      }, 'the group to empty');
      // Kafka keeps the protocol type of an empty group and shows no protocol.
      expect(empty).toEqual({
        groupId,
        errorCode: ErrorCode.NONE,
        state: 'Empty',
        protocolType: 'consumer',
        protocol: '',
        members: [],
      });
      expect((await admin.listGroups()).groups).toContainEqual({ groupId, protocolType: 'consumer' });
    });

    it('is Dead with no error when the coordinator does not know it', async () => {
      expect(await describeGroup('nobody-here')).toEqual({
        groupId: 'nobody-here',
        errorCode: ErrorCode.NONE,
        state: 'Dead',
        protocolType: '',
        protocol: '',
        members: [],
      });
    });
  });

  describe('offsets', () => {
    const topic = 'admin-ledger';
    const groupId = 'admin-seek';

    it('reads topic offsets, sets, resets and fetches group offsets, then deletes the group', async () => {
      await admin.createTopics({ topics: [{ topic, numPartitions: 2 }] });
      await produce(topic, [
        { partition: 0, value: 'a' },
        { partition: 0, value: 'b' },
        { partition: 0, value: 'c' },
        { partition: 1, value: 'd' },
      ]);
      expect(await admin.fetchTopicOffsets(topic)).toEqual([
        { partition: 0, offset: '3', high: '3', low: '0' },
        { partition: 1, offset: '1', high: '1', low: '0' },
      ]);

      // kafkajs repositions a group through a consumer that sleeps its 5 s max wait while
      // paused, so both repositionings run side by side to keep the spec short.
      const resetGroup = 'admin-reset';
      expect(await standaloneCommit(resetGroup, topic, 3)).toBe(ErrorCode.NONE);
      await Promise.all([
        admin.setOffsets({
          groupId,
          topic,
          partitions: [
            { partition: 0, offset: '2' },
            { partition: 1, offset: '1' },
          ],
        }),
        admin.resetOffsets({ groupId: resetGroup, topic, earliest: true }),
      ]);
      expect(await admin.fetchOffsets({ groupId, topics: [topic] })).toEqual([
        {
          topic,
          partitions: [
            { partition: 0, offset: '2', metadata: null },
            { partition: 1, offset: '1', metadata: null },
          ],
        },
      ]);
      // kafkajs commits the earliest marker (-2) itself; Kafka stores any offset it is given.
      expect(await admin.fetchOffsets({ groupId: resetGroup, topics: [topic] })).toEqual([
        {
          topic,
          partitions: [
            { partition: 0, offset: '-2', metadata: null },
            { partition: 1, offset: '-2', metadata: null },
          ],
        },
      ]);
      expect((await describeGroup(groupId)).state).toBe('Empty');

      expect(await admin.deleteGroups([groupId])).toEqual([{ groupId, errorCode: ErrorCode.NONE }]);
      expect((await describeGroup(groupId)).state).toBe('Dead');
      expect((await admin.listGroups()).groups.map((group) => group.groupId)).not.toContain(groupId);
      expect(await admin.fetchOffsets({ groupId, topics: [topic] })).toEqual([
        {
          topic,
          partitions: [
            { partition: 0, offset: '-1', metadata: null },
            { partition: 1, offset: '-1', metadata: null },
          ],
        },
      ]);
      await expect(admin.deleteGroups([groupId])).rejects.toMatchObject({
        groups: [expect.objectContaining({ groupId, errorCode: ErrorCode.GROUP_ID_NOT_FOUND })],
      });
    });

    it('lists and describes a group made only of committed offsets as Empty with no protocol type', async () => {
      expect(await standaloneCommit('admin-standalone', topic, 1)).toBe(ErrorCode.NONE);
      expect((await admin.listGroups()).groups).toContainEqual({
        groupId: 'admin-standalone',
        protocolType: '',
      });
      expect(await describeGroup('admin-standalone')).toMatchObject({
        state: 'Empty',
        protocolType: '',
        protocol: '',
        members: [],
      });
    });
  });

  describe('topic deletion', () => {
    const topic = 'admin-doomed';
    const groupId = 'admin-doomed-readers';

    it('removes the log and the committed offsets, answers per topic, and stays deleted across a restart', async () => {
      await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
      await produce(topic, [
        { partition: 0, value: 'x' },
        { partition: 0, value: 'y' },
        { partition: 0, value: 'z' },
      ]);
      expect(await standaloneCommit(groupId, topic, 3)).toBe(ErrorCode.NONE);
      expect(await standaloneCommit(groupId, 'admin-ledger', 1)).toBe(ErrorCode.NONE);
      expect(existsSync(join(broker.dataDir, 'topics', topic))).toBe(true);

      await admin.deleteTopics({ topics: [topic] });
      expect(await admin.listTopics()).not.toContain(topic);
      expect(existsSync(join(broker.dataDir, 'topics', topic))).toBe(false);
      // Kafka removes every group's offsets of a deleted topic and leaves the others alone.
      expect(await committedTopics(groupId)).toEqual(['admin-ledger']);

      expect(await deleteTopicsRaw([topic, 'admin-never-was', 'admin-ledger', 'admin-ledger'])).toEqual([
        { topic, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION },
        { topic: 'admin-never-was', errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION },
        { topic: 'admin-ledger', errorCode: ErrorCode.INVALID_REQUEST },
      ]);
      await expect(admin.deleteTopics({ topics: ['admin-never-was'] })).rejects.toThrow(
        'This server does not host this topic-partition',
      );

      await admin.disconnect();
      await raw.close();
      await broker.restart();
      admin = kafka.admin({ retry: { retries: 0 } });
      await admin.connect();
      raw = await RawKafkaClient.connect('127.0.0.1', broker.current.port);

      expect(await admin.listTopics()).not.toContain(topic);
      expect(await admin.listTopics()).toContain('admin-ledger');
      expect(await committedTopics(groupId)).toEqual(['admin-ledger']);
    });

    it('answers a fetch waiting on the deleted topic at once with UNKNOWN_TOPIC_OR_PARTITION', async () => {
      const watched = 'admin-watched';
      await admin.createTopics({ topics: [{ topic: watched, numPartitions: 1 }] });
      const fetcher = await RawKafkaClient.connect('127.0.0.1', broker.current.port);
      const body = new WireWriter()
        .int32(-1)
        .int32(30_000)
        .int32(1)
        .int32(1024 * 1024)
        .int8(1)
        .int32(0)
        .int32(-1)
        .array([watched], (w, name) =>
          w.string(name).array([0], (pw, partition) =>
            pw
              .int32(partition)
              .int32(-1)
              .int64(0)
              .int64(-1)
              .int32(1024 * 1024),
          ),
        )
        .int32(0)
        .string('')
        .toBuffer();
      const started = Date.now();
      const answer = fetcher.request(ApiKey.Fetch, 11, 1, body);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await admin.deleteTopics({ topics: [watched] });
      const reader = new WireReader((await answer).body);
      await fetcher.close();
      // Well inside the 30 s max wait: the deletion woke the fetch.
      expect(Date.now() - started).toBeLessThan(15_000);
      reader.int32('throttle_time_ms');
      expect(reader.int16('error_code')).toBe(ErrorCode.NONE);
      reader.int32('session_id');
      reader.int32('topic_count');
      expect(reader.string('topic')).toBe(watched);
      reader.int32('partition_count');
      reader.int32('partition');
      expect(reader.int16('partition_error_code')).toBe(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
    });

    it('can be created again and starts at offset 0', async () => {
      await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
      expect(await admin.fetchTopicOffsets(topic)).toEqual([
        { partition: 0, offset: '0', high: '0', low: '0' },
      ]);
      const [sent] = await produce(topic, [{ partition: 0, value: 'fresh' }]);
      expect(sent).toMatchObject({ topicName: topic, partition: 0, baseOffset: '0' });

      const consumer = kafka.consumer({ groupId: 'admin-rereaders', maxWaitTimeInMs: 100 });
      await consumer.connect();
      await consumer.subscribe({ topic, fromBeginning: true });
      const seen: string[] = [];
      await consumer.run({
        eachMessage: ({ message }) => {
          seen.push(`${message.offset}:${message.value?.toString() ?? ''}`);
          return Promise.resolve();
        },
      });
      await waitFor(
        () => Promise.resolve(seen.length > 0 ? true : undefined),
        'the recreated topic to be read',
      );
      await consumer.disconnect();
      expect(seen).toEqual(['0:fresh']);
    });
  });
});
