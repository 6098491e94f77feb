/**
 * Produce and consume throughput through the project broker with kafkajs, ~500-byte
 * messages. `npm run bench -- kafka-broker`; BENCH_MESSAGES overrides the count. The
 * broker runs as its own process (as `npm run broker` does), so client and broker do
 * not share one event loop; BENCH_BROKER=inline runs it in this process instead.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel, Producer } from 'kafkajs';
import { startKafkaBroker } from '../src/index';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200_000);
const MESSAGE_BYTES = 500;
const PER_SEND = 1_000;
const CONCURRENT_SENDS = 4;
const PARTITIONS = 4;

interface BenchBroker {
  readonly brokers: string[];
  stop(): Promise<void>;
}

async function startBrokerProcess(dataDir: string): Promise<BenchBroker> {
  const root = join(__dirname, '..', '..', '..');
  const child = spawn(
    process.execPath,
    [
      '-r',
      join(root, 'scripts/register.cjs'),
      join(__dirname, '../src/main.ts'),
      '--port',
      '0',
      '--data',
      dataDir,
    ],
    { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const address = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready on (\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error(`broker exited: ${output}`)));
  });
  return {
    brokers: [address],
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function report(label: string, count: number, elapsedMs: number): void {
  const perSecond = (count * 1000) / elapsedMs;
  const megabytes = (perSecond * MESSAGE_BYTES) / (1024 * 1024);
  process.stdout.write(
    `${label.padEnd(44)} ${Math.round(perSecond).toLocaleString('en-US').padStart(10)} msg/s ${megabytes.toFixed(1).padStart(7)} MB/s  (${count} messages in ${(elapsedMs / 1000).toFixed(2)} s)\n`,
  );
}

async function produce(
  producer: Producer,
  topic: string,
  acks: -1 | 1,
  concurrency: number,
): Promise<number> {
  const value = Buffer.alloc(MESSAGE_BYTES, 'x');
  const batches = Math.ceil(MESSAGES / PER_SEND);
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    for (let batch = next++; batch < batches; batch = next++) {
      const messages = Array.from({ length: PER_SEND }, (_, index) => ({
        key: `key-${(batch * PER_SEND + index) % 64}`,
        value,
      }));
      await producer.send({ topic, acks, messages });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}

async function consume(kafka: Kafka, topic: string): Promise<number> {
  const consumer = kafka.consumer({
    groupId: `bench-${topic}`,
    maxWaitTimeInMs: 100,
    maxBytes: 16 * 1024 * 1024,
  });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  let received = 0;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    void consumer.run({
      eachBatch: ({ batch }) => {
        received += batch.messages.length;
        if (received >= MESSAGES) resolve();
        return Promise.resolve();
      },
    });
  });
  const elapsed = performance.now() - started;
  await consumer.disconnect();
  return elapsed;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'oms-kafka-bench-'));
  const inline = process.env.BENCH_BROKER === 'inline';
  const broker: BenchBroker = inline
    ? await startKafkaBroker({ port: 0, dataDir })
    : await startBrokerProcess(dataDir);
  const kafka = new Kafka({ brokers: broker.brokers, clientId: 'bench', logLevel: logLevel.NOTHING });
  try {
    const admin = kafka.admin();
    await admin.connect();
    const topics = ['acks-all', 'acks-leader', 'idempotent'];
    await admin.createTopics({ topics: topics.map((topic) => ({ topic, numPartitions: PARTITIONS })) });
    await admin.disconnect();
    process.stdout.write(
      `${MESSAGES} messages of ${MESSAGE_BYTES} B, ${PER_SEND} per send, ${PARTITIONS} partitions, broker ${inline ? 'in this process' : 'in its own process'}\n`,
    );

    const producer = kafka.producer();
    await producer.connect();
    report(
      `produce acks=-1 (${CONCURRENT_SENDS} sends in flight)`,
      MESSAGES,
      await produce(producer, 'acks-all', -1, CONCURRENT_SENDS),
    );
    report(
      `produce acks=1 (${CONCURRENT_SENDS} sends in flight)`,
      MESSAGES,
      await produce(producer, 'acks-leader', 1, CONCURRENT_SENDS),
    );
    await producer.disconnect();

    const idempotent = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await idempotent.connect();
    report(
      'produce idempotent acks=-1 (1 send in flight)',
      MESSAGES,
      await produce(idempotent, 'idempotent', -1, 1),
    );
    await idempotent.disconnect();

    report('consume (group, eachBatch)', MESSAGES, await consume(kafka, 'acks-all'));
  } finally {
    await broker.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
