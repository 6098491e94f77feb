import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { Consumer, Kafka, logLevel } from 'kafkajs';
import { startTemporaryBroker, TemporaryBroker } from './test-support/temporary-broker';

const repositoryRoot = join(__dirname, '..', '..', '..');
const topic = 'rebalanced';
const groupId = 'rebalance-group';

function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
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

describe('a two-member consumer group', () => {
  let broker: TemporaryBroker;
  let kafka: Kafka;
  let survivor: Consumer;
  let doomed: ChildProcessWithoutNullStreams | undefined;
  const survivorAssignments: number[][] = [];
  const doomedAssignments: number[][] = [];
  const consumedPartitions = new Set<number>();

  beforeAll(async () => {
    broker = await startTemporaryBroker();
    kafka = new Kafka({ brokers: broker.brokers(), clientId: 'survivor', logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 4 }] });
    await admin.disconnect();
  });

  afterAll(async () => {
    doomed?.kill('SIGKILL');
    await survivor?.disconnect();
    await broker.dispose();
  });

  it('rebalances when a member joins and again when a member dies', async () => {
    survivor = kafka.consumer({
      groupId,
      sessionTimeout: 1500,
      heartbeatInterval: 100,
      maxWaitTimeInMs: 100,
    });
    survivor.on(survivor.events.GROUP_JOIN, (event) => {
      survivorAssignments.push([...(event.payload.memberAssignment[topic] ?? [])].sort());
    });
    await survivor.connect();
    await survivor.subscribe({ topic, fromBeginning: true });
    await survivor.run({
      eachMessage: ({ partition }) => {
        consumedPartitions.add(partition);
        return Promise.resolve();
      },
    });
    await waitFor(
      () => (survivorAssignments.at(-1)?.length === 4 ? true : undefined),
      'the first member to own all partitions',
    );

    doomed = spawn(
      process.execPath,
      [
        '-r',
        join(repositoryRoot, 'scripts/register.cjs'),
        join(__dirname, 'test-support/group-member.process.ts'),
        broker.brokers()[0],
        topic,
        groupId,
      ],
      { cwd: repositoryRoot, env: { ...process.env, LOG_LEVEL: 'silent' } },
    );
    doomed.stdout.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        const message = JSON.parse(line) as { partitions: number[] };
        doomedAssignments.push([...message.partitions].sort());
      }
    });

    await waitFor(
      () =>
        survivorAssignments.at(-1)?.length === 2 && doomedAssignments.at(-1)?.length === 2 ? true : undefined,
      'the split between two members',
    );
    expect([...survivorAssignments.at(-1)!, ...doomedAssignments.at(-1)!].sort()).toEqual([0, 1, 2, 3]);

    // SIGKILL: no LeaveGroup is sent, only the missing heartbeats tell the broker.
    const killedAt = Date.now();
    doomed.kill('SIGKILL');
    await waitFor(
      () => (survivorAssignments.at(-1)?.length === 4 ? true : undefined),
      'the survivor to take every partition back',
    );
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(1000);

    const producer = kafka.producer();
    await producer.connect();
    consumedPartitions.clear();
    await producer.send({
      topic,
      messages: [0, 1, 2, 3].map((partition) => ({ partition, value: `to-${partition}` })),
    });
    await producer.disconnect();
    await waitFor(() => (consumedPartitions.size === 4 ? true : undefined), 'messages on every partition');
  });
});
