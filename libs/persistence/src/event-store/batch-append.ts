import { AppendResult, SqlExecutor } from './event-store.types';
import { AppendPlan, mergeByStream, planAppend, StreamAppend } from './append-plan';
import { beginAppend } from './event-log-head';
import { connectionOf, copyEventRows } from './copy-event-rows';
import { issueWrite } from '../transactions/pipelined-transaction';

export type { StreamAppend } from './append-plan';

/**
 * Appends to any number of streams in two or three round trips, inside the caller's
 * transaction:
 * 1. lock the log head (appends take turns from here until the transaction ends), then
 *    read the streams' versions and which offered event ids are already stored;
 * 2. insert the planned rows (dense versions, gapless positions, chained hashes), move
 *    the stream versions and the head: one statement, or for large batches a COPY on
 *    the caller's connection (rows hashed while it sends them) and one statement.
 * Numbering happens in between, in memory. A stale expected version throws
 * `StreamVersionConflictError` before anything is written; events already stored are
 * skipped and reported in `duplicateEventIds`.
 *
 * Hold the transaction briefly after an append: other appenders wait for its end. On a
 * pipelined executor the rows' statement is only issued (`issueWrite`): the transaction
 * checks it before COMMIT counts, so COMMIT can follow it in the same round trip.
 * Appends expect READ COMMITTED (Postgres' default): under REPEATABLE READ a concurrent
 * append makes the head lock fail with a serialisation error.
 */
export async function appendBatch(
  executor: SqlExecutor,
  appends: readonly StreamAppend[],
): Promise<AppendResult[]> {
  const streams = mergeByStream(appends);
  if (streams.length === 0) return [];
  const own = ownTransaction(executor);
  if (own) return own((manager) => appendBatch(manager, appends));
  const offeredIds = [...new Set(streams.flatMap((stream) => stream.events.map((event) => event.eventId)))];
  const { head, versions, storedEventIds } = await beginAppend(
    executor,
    streams.map((stream) => stream.streamId),
    offeredIds,
  );
  const plan = planAppend(streams, versions, storedEventIds, head);
  if (plan.events.length > 0) await writePlan(executor, plan, head.nowMicros);
  return plan.results;
}

/** From this many rows on, a batch is sent with COPY (fewer server cycles per row). */
export const COPY_THRESHOLD = 64;

async function writePlan(executor: SqlExecutor, plan: AppendPlan, nowMicros: string): Promise<void> {
  const connection = plan.events.length >= COPY_THRESHOLD ? connectionOf(executor) : undefined;
  if (connection) {
    // The rows first (hashed while COPY sends them), then the streams and the head,
    // which needs the last row's hash: COPY cannot share a statement.
    await copyEventRows(connection, plan.rows(), nowMicros);
    await executor.query(`WITH streams AS (${UPSERT_STREAMS}) ${MOVE_HEAD}`, [
      plan.streams.ids,
      plan.streams.types,
      plan.streams.versions,
      plan.lastPosition,
      plan.lastHash,
    ]);
    return;
  }
  const rows = plan.columns();
  // Nothing in the transaction reads the rows back: on a pipelined connection COMMIT
  // follows this statement in the same round trip.
  await issueWrite(
    executor,
    executor.query(
      `WITH streams AS (${UPSERT_STREAMS}), head AS (${MOVE_HEAD})
     INSERT INTO events (global_position, event_id, stream_id, stream_version, event_type, schema_version, payload,
                         metadata, correlation_id, occurred_at, recorded_at, chain_hash)
     SELECT e.global_position, e.event_id, e.stream_id, e.stream_version, e.event_type, e.schema_version, e.payload,
            e.metadata, e.correlation_id, timestamptz 'epoch' + e.occurred_us * interval '1 microsecond',
            timestamptz 'epoch' + $6::bigint * interval '1 microsecond', decode(e.chain_hash, 'hex')
     FROM unnest($7::bigint[], $8::text[], $9::text[], $10::int[], $11::text[], $12::int[], $13::jsonb[],
                 $14::jsonb[], $15::text[], $16::bigint[], $17::text[])
          AS e(global_position, event_id, stream_id, stream_version, event_type, schema_version, payload, metadata,
               correlation_id, occurred_us, chain_hash)`,
      [
        plan.streams.ids,
        plan.streams.types,
        plan.streams.versions,
        plan.lastPosition,
        plan.lastHash,
        nowMicros,
        rows.globalPositions,
        rows.eventIds,
        rows.streamIds,
        rows.streamVersions,
        rows.types,
        rows.schemaVersions,
        rows.payloads,
        rows.metadata,
        rows.correlationIds,
        rows.occurredAtMicros,
        rows.chainHashes,
      ],
    ),
  );
}

const UPSERT_STREAMS = `INSERT INTO event_streams (stream_id, stream_type, version)
  SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
  ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version, updated_at = now()`;

const MOVE_HEAD = `UPDATE event_log_head
  SET last_position = $4::bigint, last_hash = decode($5, 'hex'), updated_at = now()`;

type Transactional = (work: (manager: SqlExecutor) => Promise<AppendResult[]>) => Promise<AppendResult[]>;

/**
 * An append is several statements that must share one transaction (the head lock lasts
 * until it ends). Given a TypeORM DataSource, an EntityManager outside a transaction or
 * a QueryRunner without one, the append opens a transaction of its own on it instead
 * of letting each statement commit alone. Any other executor is trusted to be inside
 * a transaction.
 */
function ownTransaction(executor: SqlExecutor): Transactional | undefined {
  const candidate = executor as {
    queryRunner?: { isTransactionActive?: boolean };
    isTransactionActive?: boolean;
    transaction?: Transactional;
    startTransaction?: () => Promise<void>;
    commitTransaction?: () => Promise<void>;
    rollbackTransaction?: () => Promise<void>;
  };
  if (candidate.queryRunner?.isTransactionActive) return undefined;
  if (typeof candidate.transaction === 'function') {
    const transaction = candidate.transaction;
    return (work) => transaction.call(candidate, work);
  }
  if (candidate.isTransactionActive === false && typeof candidate.startTransaction === 'function') {
    return async (work) => {
      await candidate.startTransaction!();
      try {
        const result = await work(executor);
        await candidate.commitTransaction!();
        return result;
      } catch (error) {
        await candidate.rollbackTransaction!();
        throw error;
      }
    };
  }
  return undefined;
}
