/**
 * Event store throughput beside the raw COPY rate of event rows on the same Postgres:
 * appends of one event per transaction (a desk command), batches over many streams
 * (a folded Kafka batch), concurrent batch writers (the head lock makes them take
 * turns), reading the log in global order (what a replay reads) and checking its
 * hash chain (verify-log). Uses DATABASE_URL, or an embedded PostgreSQL 15 (fsync off,
 * as in the tests).
 */
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { measureCopyRate, sampleBenchEvent } from '../src/benchmarking/copy-rate';
import { buildDataSourceOptions } from '../src/data-source-options';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
import { StreamAppend } from '../src/event-store/batch-append';
import { verifyEventLog } from '../src/integrity/verify-event-log';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEmbeddedPostgres } = require('../../../tools/embedded-postgres/embedded-postgres.cjs') as {
  startEmbeddedPostgres: (options: {
    database: string;
  }) => Promise<{ url: string; stop: () => Promise<void> }>;
};

let copyRate = 0;
let sequence = 0;
let dataSource: DataSource;

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

function report(label: string, events: number, seconds: number): void {
  const rate = events / seconds;
  const ratio = copyRate > 0 ? `${(rate / copyRate).toFixed(2)}x COPY` : '';
  const copy = copyRate > 0 ? ` COPY ${Math.round(copyRate).toLocaleString('en-US')}/s` : '';
  console.log(
    `${label.padEnd(62)} ${Math.round(rate).toLocaleString('en-US').padStart(9)} events/s ${ratio.padStart(11)}` +
      `  (${events} events, ${seconds.toFixed(2)} s${copy})`,
  );
}

/**
 * Runs a scenario between two COPY measurements and compares it with their mean, so
 * that the load of a shared machine, which drifts over a run, disturbs the ratio less.
 */
async function measure(label: string, events: number, work: () => Promise<void>): Promise<void> {
  const before = await measureCopyRate(dataSource, 20_000);
  const started = process.hrtime.bigint();
  await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const after = await measureCopyRate(dataSource, 20_000);
  copyRate = (before.rowsPerSecond + after.rowsPerSecond) / 2;
  report(label, events, seconds);
}

function batch(prefix: string, streams: number, perStream: number): StreamAppend[] {
  return Array.from({ length: streams }, (_, stream) => ({
    streamId: `${prefix}-${stream}`,
    streamType: 'position',
    expectedVersion: 'any' as const,
    events: Array.from({ length: perStream }, () => sampleBenchEvent(sequence++)),
  }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres({ database: 'bench' });
  const serverUrl = process.env.DATABASE_URL ?? embedded!.url;
  console.log(embedded ? 'Postgres: embedded PostgreSQL 15 (fsync off)' : 'Postgres: DATABASE_URL');
  dataSource = new DataSource({
    ...buildDataSourceOptions(await createDatabase(serverUrl), 'bench'),
    logging: false,
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  const store = new PostgresEventStore(dataSource);
  try {
    const copy = await measureCopyRate(dataSource, 100_000);
    report('raw COPY of event rows (pg-copy-streams, same indexes)', copy.rows, copy.seconds);
    console.log('(each ratio below is to the mean of a COPY measured just before and just after it)');

    const singles = 2_000;
    await measure('1 event per transaction, 1 writer', singles, async () => {
      for (let index = 0; index < singles; index += 1) {
        await store.append(`spot-order:acc:single-${index % 200}`, 'spot-order', 'any', [
          sampleBenchEvent(sequence++),
        ]);
      }
    });
    const writers = 8;
    await measure(`1 event per transaction, ${writers} writers`, singles, async () => {
      await Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          for (let index = writer; index < singles; index += writers) {
            await store.append(`spot-order:acc:multi-${index % 400}`, 'spot-order', 'any', [
              sampleBenchEvent(sequence++),
            ]);
          }
        }),
      );
    });

    const batches = 200;
    for (const [streams, perStream] of [
      [50, 10],
      [500, 1],
      [10, 100],
    ]) {
      await measure(
        `appendToStreams: ${streams} streams x ${perStream} events per transaction`,
        batches * streams * perStream,
        async () => {
          for (let index = 0; index < batches; index += 1) {
            await store.appendToStreams(
              batch(`position:acc:${streams}x${perStream}:${index}`, streams, perStream),
            );
          }
        },
      );
    }

    const concurrent = 4;
    for (const [label, workBefore] of [
      ['other work (2 ms) after the append', false],
      ['other work (2 ms) before the append', true],
    ] as const) {
      await measure(
        `${concurrent} writers, 50x10 per transaction, ${label}`,
        concurrent * 50 * 500,
        async () => {
          await Promise.all(
            Array.from({ length: concurrent }, async (_, writer) => {
              for (let index = 0; index < 50; index += 1) {
                await dataSource.transaction(async (manager) => {
                  if (workBefore) await sleep(2);
                  await store.appendToStreams(
                    batch(`position:w${writer}:${label.length}:${index}`, 50, 10),
                    manager,
                  );
                  if (!workBefore) await sleep(2);
                });
              }
            }),
          );
        },
      );
    }

    const [{ total }] = await dataSource.query<Array<{ total: string }>>(
      `SELECT count(*)::text AS total FROM events`,
    );
    await measure('readAll in global order, pages of 5,000 (replay read)', Number(total), async () => {
      let after = '0';
      for (;;) {
        const page = await store.readAll({ afterPosition: after, limit: 5_000 });
        if (page.length === 0) break;
        after = page[page.length - 1].globalPosition;
      }
    });
    await measure('verify-log: walk and recompute the hash chain', Number(total), async () => {
      const result = await verifyEventLog(dataSource);
      if (!result.ok) throw new Error(`chain broken: ${JSON.stringify(result.breaks[0])}`);
    });
  } finally {
    await dataSource.destroy();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
