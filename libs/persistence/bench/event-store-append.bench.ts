/**
 * Event store append throughput: events/s for one event per transaction (a desk
 * command), and for batches of events per stream inside one transaction (a Kafka batch
 * folded by the OMS). Uses DATABASE_URL, or an embedded PostgreSQL 15 (durable
 * defaults off, as in the tests) when it is not set.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/data-source-options';
import { NewEvent } from '../src/event-store/event-store.types';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEmbeddedPostgres } = require('../../../tools/embedded-postgres/embedded-postgres.cjs') as {
  startEmbeddedPostgres: (options: {
    database: string;
  }) => Promise<{ url: string; stop: () => Promise<void> }>;
};

function sampleEvent(sequence: number): NewEvent {
  return {
    eventId: randomUUID(),
    type: 'SpotOrderObserved',
    schemaVersion: 1,
    occurredAt: 1_722_865_041_994 + sequence,
    correlationId: 'bench',
    payload: {
      orderId: String(1_470_930_841_211_329_280n + BigInt(sequence)),
      status: 'PARTIALLY_FILLED',
      executedQty: '0.5',
      price: '2463.36',
    },
  };
}

async function createDatabase(serverUrl: string): Promise<string> {
  const name = `oms_bench_${Date.now()}`;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function measure(label: string, events: number, work: () => Promise<void>): Promise<void> {
  const started = process.hrtime.bigint();
  await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `${label.padEnd(48)} ${Math.round(events / seconds)
      .toLocaleString('en-US')
      .padStart(9)} events/s  (${events} events, ${seconds.toFixed(2)} s)`,
  );
}

async function main(): Promise<void> {
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres({ database: 'bench' });
  const serverUrl = process.env.DATABASE_URL ?? embedded!.url;
  console.log(embedded ? 'Postgres: embedded PostgreSQL 15 (fsync off)' : 'Postgres: DATABASE_URL');
  const dataSource = new DataSource({
    ...buildDataSourceOptions(await createDatabase(serverUrl), 'bench'),
    logging: false,
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  const store = new PostgresEventStore(dataSource);
  try {
    let sequence = 0;
    const singles = 2_000;
    await measure('1 event per transaction, 1 writer', singles, async () => {
      for (let index = 0; index < singles; index += 1) {
        await store.append(`spot-order:acc:single-${index % 200}`, 'spot-order', 'any', [
          sampleEvent(sequence++),
        ]);
      }
    });
    const writers = 8;
    await measure(`1 event per transaction, ${writers} writers`, singles, async () => {
      await Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          for (let index = writer; index < singles; index += writers) {
            await store.append(`spot-order:acc:multi-${index % 400}`, 'spot-order', 'any', [
              sampleEvent(sequence++),
            ]);
          }
        }),
      );
    });
    const batches = 200;
    const streamsPerBatch = 50;
    const eventsPerStream = 10;
    await measure(
      `${streamsPerBatch} streams x ${eventsPerStream} events, one append per stream`,
      batches * streamsPerBatch * eventsPerStream,
      async () => {
        for (let batch = 0; batch < batches; batch += 1) {
          await dataSource.transaction(async (manager) => {
            for (let stream = 0; stream < streamsPerBatch; stream += 1) {
              const events = Array.from({ length: eventsPerStream }, () => sampleEvent(sequence++));
              await store.append(
                `position:acc:BTCUSDT-PERPETUAL:${batch}-${stream}`,
                'position',
                'any',
                events,
                manager,
              );
            }
          });
        }
      },
    );
    await measure(
      `${streamsPerBatch} streams x ${eventsPerStream} events, appendToStreams`,
      batches * streamsPerBatch * eventsPerStream,
      async () => {
        for (let batch = 0; batch < batches; batch += 1) {
          await store.appendToStreams(
            Array.from({ length: streamsPerBatch }, (_, stream) => ({
              streamId: `position:acc:ETHUSDT-PERPETUAL:${batch}-${stream}`,
              streamType: 'position',
              expectedVersion: 'any' as const,
              events: Array.from({ length: eventsPerStream }, () => sampleEvent(sequence++)),
            })),
          );
        }
      },
    );
  } finally {
    await dataSource.destroy();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
