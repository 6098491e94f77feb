import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { SqlExecutor } from './event-store.types';
import { PlannedRow } from './append-plan';
import { isoMillis } from './iso-time';

/**
 * The pg connection under a TypeORM executor (a transaction's EntityManager or a
 * QueryRunner), so a batch can be sent with COPY on the caller's own connection and
 * transaction. Undefined for anything else: the caller then inserts with a statement.
 */
export function connectionOf(executor: SqlExecutor): PoolClient | undefined {
  const runner = (executor as { queryRunner?: unknown }).queryRunner ?? executor;
  const connection = (runner as { databaseConnection?: unknown }).databaseConnection;
  return connection && typeof (connection as PoolClient).query === 'function'
    ? (connection as PoolClient)
    : undefined;
}

/**
 * Whether COPY text format must escape anything in the value. Four plain searches:
 * about three times cheaper than a regular expression test over a payload's JSON, and
 * every text column of every row is checked.
 */
function needsCopyEscape(value: string): boolean {
  return value.includes('\\') || value.includes('\t') || value.includes('\n') || value.includes('\r');
}

/** COPY text format: backslash, tab, newline and carriage return are escaped. */
function copyText(value: string): string {
  if (!needsCopyEscape(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}

/** A timestamp in whole microseconds since the epoch as ISO-8601 text with six decimals. */
export function isoMicros(micros: string): string {
  const value = Number(micros);
  const millis = Math.floor(value / 1000);
  const rest = value - millis * 1000;
  return `${isoMillis(millis).slice(0, 23)}${String(rest).padStart(3, '0')}Z`;
}

function* copyLines(rows: Iterable<PlannedRow>, recordedAt: string): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk +=
      `${row.globalPosition}\t${copyText(row.eventId)}\t${copyText(row.streamId)}\t${row.streamVersion}\t` +
      `${copyText(row.type)}\t${row.schemaVersion}\t${copyText(row.payloadJson)}\t${copyText(row.metadataJson)}\t` +
      `${row.correlationId === null ? '\\N' : copyText(row.correlationId)}\t${isoMicros(row.occurredAtMicros)}\t` +
      `${recordedAt}\t\\\\x${row.chainHash}\n`;
    // Small chunks: Postgres stores the first rows while the next ones are hashed.
    if (chunk.length > 16_384) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** Sends the rows with COPY, pulling them as it goes (multi-row heap inserts). */
export async function copyEventRows(
  client: PoolClient,
  rows: Iterable<PlannedRow>,
  recordedAtMicros: string,
): Promise<void> {
  await pipeline(
    Readable.from(copyLines(rows, isoMicros(recordedAtMicros))),
    client.query(
      copyFrom(
        `COPY events (global_position, event_id, stream_id, stream_version, event_type, schema_version, payload,
                      metadata, correlation_id, occurred_at, recorded_at, chain_hash) FROM STDIN`,
      ),
    ),
  );
}
