import { canonicalJson } from '../integrity/canonical-json';
import { issueWrite } from '../transactions/pipelined-transaction';
import { mergeByStream, StreamAppend } from './append-plan';
import { SqlExecutor } from './event-store.types';
import { StreamVersionConflictError } from './stream-version-conflict.error';

/** SQLSTATE of `event_log_append` when a stream is not at its expected version. */
export const APPEND_VERSION_CONFLICT = 'OS409';
/** SQLSTATE of `event_log_append` when an offered event is stored already or offered twice. */
export const APPEND_DUPLICATE_OFFERED = 'OS208';

/**
 * Appends in one statement, `event_log_append` (migration 1795680000000), which numbers
 * and chains the rows where it locks the log head, so the head is held only while the
 * statement and the COMMIT behind it run. Issued without waiting for its answer
 * (`issueWrite`): on a pipelined connection COMMIT follows it in the same round trip,
 * and its failure fails the transaction with
 * - `APPEND_VERSION_CONFLICT` (see `versionConflictOf`): decide again on fresh state;
 * - `APPEND_DUPLICATE_OFFERED`: some offered event is stored already; append with
 *   `appendBatch`, which skips and reports such events.
 * Meant for short appends; large ones go by `appendBatch` (COPY).
 */
export async function appendInOneStatement(
  executor: SqlExecutor,
  appends: readonly StreamAppend[],
): Promise<void> {
  const streams = mergeByStream(appends);
  const events = streams.flatMap((stream, index) =>
    stream.events.map((event) => ({ event, stream: index + 1 })),
  );
  if (events.length === 0) return;
  await issueWrite(
    executor,
    executor.query(
      `SELECT event_log_append($1::text[], $2::text[], $3::int[], $4::int[], $5::text[], $6::text[], $7::int[],
                               $8::text[], $9::text[], $10::text[], $11::bigint[])`,
      [
        streams.map((stream) => stream.streamId),
        streams.map((stream) => stream.streamType),
        streams.map((stream) => (stream.expectedVersion === 'any' ? null : stream.expectedVersion)),
        events.map(({ stream }) => stream),
        events.map(({ event }) => event.eventId),
        events.map(({ event }) => event.type),
        events.map(({ event }) => event.schemaVersion),
        events.map(({ event }) => canonicalJson(event.payload)),
        events.map(({ event }) => (event.metadata === undefined ? '{}' : canonicalJson(event.metadata))),
        events.map(({ event }) => event.correlationId ?? null),
        events.map(({ event }) => String(Math.round(event.occurredAt * 1000))),
      ],
    ),
  );
}

/** The version conflict an `event_log_append` failure reports, if it is one. */
export function versionConflictOf(error: unknown): StreamVersionConflictError | undefined {
  const failure = error as { code?: unknown; detail?: unknown; hint?: unknown; where?: unknown };
  if (failure.code !== APPEND_VERSION_CONFLICT) return undefined;
  const streamId = typeof failure.detail === 'string' ? failure.detail : '';
  const actual = Number(failure.hint);
  const expected = Number(/the expected (\d+)/.exec(String((error as Error).message))?.[1]);
  return new StreamVersionConflictError(streamId, expected, actual);
}
