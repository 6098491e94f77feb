import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource } from 'typeorm';
import { canonicalJson } from '../integrity/canonical-json';
import { NewEvent } from '../event-store/event-store.types';

export interface CopyRate {
  readonly rows: number;
  readonly seconds: number;
  readonly rowsPerSecond: number;
}

/** A venue-observation-sized event, as the benchmarks append them. */
export function sampleBenchEvent(sequence: number): NewEvent {
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

const COLUMNS = `global_position, event_id, stream_id, stream_version, event_type, schema_version, payload, metadata,
  correlation_id, occurred_at, recorded_at, chain_hash`;

/** COPY text format: backslash, tab, newline and carriage return are escaped. */
function copyText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}

function* copyLines(events: readonly NewEvent[], streams: number): Generator<string> {
  const recordedAt = new Date().toISOString();
  const hash = `\\\\x${randomBytes(32).toString('hex')}`;
  const chunk: string[] = [];
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index];
    chunk.push(
      [
        String(index + 1),
        copyText(event.eventId),
        `bench-copy:${index % streams}`,
        String(Math.floor(index / streams) + 1),
        copyText(event.type),
        String(event.schemaVersion),
        copyText(canonicalJson(event.payload)),
        copyText(canonicalJson(event.metadata ?? {})),
        event.correlationId === undefined ? '\\N' : copyText(event.correlationId),
        new Date(event.occurredAt).toISOString(),
        recordedAt,
        hash,
      ].join('\t') + '\n',
    );
    if (chunk.length === 1000) yield chunk.splice(0).join('');
  }
  if (chunk.length > 0) yield chunk.join('');
}

/**
 * The raw COPY rate of event rows on this Postgres: the ceiling the event store's
 * append (and anything built on it) is compared with. The rows are copied into a
 * scratch table shaped like `events` (same columns, constraints and indexes, no
 * triggers), which is dropped afterwards. Serialising the rows to COPY text is part of
 * the measured time, as it would be for a writer that used COPY.
 */
export async function measureCopyRate(
  dataSource: DataSource,
  events: number | readonly NewEvent[],
): Promise<CopyRate> {
  const rows =
    typeof events === 'number'
      ? Array.from({ length: events }, (_, index) => sampleBenchEvent(index))
      : events;
  const table = `copy_rate_${randomBytes(4).toString('hex')}`;
  const runner = dataSource.createQueryRunner();
  const client = (await runner.connect()) as PoolClient;
  try {
    await client.query(
      `CREATE TABLE ${table} (LIKE events INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)`,
    );
    const started = process.hrtime.bigint();
    await pipeline(
      Readable.from(copyLines(rows, Math.max(1, Math.ceil(rows.length / 10)))),
      client.query(copyFrom(`COPY ${table} (${COLUMNS}) FROM STDIN`)),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { rows: rows.length, seconds, rowsPerSecond: rows.length / seconds };
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${table}`);
    await runner.release();
  }
}
