import { DataSource } from 'typeorm';
import { canonicalJson } from './canonical-json';
import { chainHash, GENESIS_HASH } from './event-chain';

/** Why a row breaks the chain. */
export type ChainBreakKind =
  'modified' | 'deleted' | 'inserted' | 'unchained' | 'head-mismatch' | 'anchor-mismatch';

export interface ChainBreak {
  /** The first position the break concerns (for a deletion, the first missing one). */
  readonly globalPosition: string;
  readonly kind: ChainBreakKind;
  readonly reason: string;
}

export interface EventLogVerification {
  readonly ok: boolean;
  readonly checkedRows: number;
  /** The chain head the walk was checked against (hex hash), to anchor elsewhere. */
  readonly head: { readonly position: string; readonly hash: string };
  /** Every break found, oldest first (the walk re-synchronises after each). */
  readonly breaks: readonly ChainBreak[];
}

export interface VerifyOptions {
  readonly pageSize?: number;
  /** A position and hash recorded earlier (e.g. printed by a previous run): must still match. */
  readonly anchor?: { readonly position: string; readonly hash: string };
  /**
   * Check only the rows after this position, chaining from its hash (printed by an
   * earlier run that found the log intact); the row there must still have that hash.
   */
  readonly since?: { readonly position: string; readonly hash: string };
  readonly maxBreaks?: number;
  readonly onProgress?: (checkedRows: number, position: string, headPosition: string) => void;
}

interface ChainRow {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  schema_version: number;
  payload: unknown;
  metadata: unknown;
  correlation_id: string | null;
  occurred_at_us: string;
  recorded_at_us: string;
  chain_hash: string | null;
}

/**
 * Walks the event log in position order, recomputing each row's chain hash, inside
 * one REPEATABLE READ snapshot (so the head and the rows agree while appends go on).
 * Names every row that breaks the chain and why: modified content, missing positions
 * (deleted rows), rows beyond the head or without a hash (inserted outside the store),
 * a head that the last row does not reach, or an anchor that no longer matches.
 */
export async function verifyEventLog(
  dataSource: DataSource,
  options: VerifyOptions = {},
): Promise<EventLogVerification> {
  const pageSize = options.pageSize ?? 5_000;
  const maxBreaks = options.maxBreaks ?? 100;
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const [head] = (await runner.query(
      `SELECT last_position::text AS position, encode(last_hash, 'hex') AS hash FROM event_log_head`,
    )) as Array<{ position: string; hash: string }>;
    const breaks: ChainBreak[] = [];
    const found = (globalPosition: string | number, kind: ChainBreakKind, reason: string) =>
      breaks.push({ globalPosition: String(globalPosition), kind, reason });
    let previous = { position: 0, hash: GENESIS_HASH };
    if (options.since && options.since.position !== '0') {
      const [row] = (await runner.query(
        `SELECT encode(chain_hash, 'hex') AS hash FROM events WHERE global_position = $1::bigint`,
        [options.since.position],
      )) as Array<{ hash: string | null }>;
      if (row?.hash !== options.since.hash) {
        found(
          options.since.position,
          'anchor-mismatch',
          `the row there no longer has the hash ${options.since.hash} the check starts from`,
        );
      }
      previous = { position: Number(options.since.position), hash: options.since.hash };
    }
    let checkedRows = 0;
    let previousBroken = false;
    for (;;) {
      const rows = (await runner.query(
        `SELECT global_position::text AS global_position, event_id, stream_id, stream_version, event_type,
                schema_version, payload, metadata, correlation_id,
                (extract(epoch FROM occurred_at) * 1000000)::bigint::text AS occurred_at_us,
                (extract(epoch FROM recorded_at) * 1000000)::bigint::text AS recorded_at_us,
                encode(chain_hash, 'hex') AS chain_hash
         FROM events WHERE global_position > $1::bigint ORDER BY events.global_position LIMIT $2`,
        [String(previous.position), pageSize],
      )) as ChainRow[];
      if (rows.length === 0 || breaks.length >= maxBreaks) break;
      for (const row of rows) {
        checkedRows += 1;
        const before = breaks.length;
        checkRow(row, { ...previous, broken: previousBroken }, head, found);
        previousBroken = breaks.length > before;
        if (
          options.anchor &&
          options.anchor.position === row.global_position &&
          options.anchor.hash !== row.chain_hash
        ) {
          found(
            row.global_position,
            'anchor-mismatch',
            `hash differs from the anchor ${options.anchor.hash}: the log was rewritten up to here`,
          );
        }
        previous = { position: Number(row.global_position), hash: row.chain_hash ?? previous.hash };
      }
      options.onProgress?.(checkedRows, String(previous.position), head.position);
    }
    if (breaks.length < maxBreaks) checkHead(previous, head, found);
    return { ok: breaks.length === 0, checkedRows, head, breaks };
  } finally {
    await runner.query('ROLLBACK').catch(() => undefined);
    await runner.release();
  }
}

type Found = (globalPosition: string | number, kind: ChainBreakKind, reason: string) => void;

function checkRow(
  row: ChainRow,
  previous: { position: number; hash: string; broken: boolean },
  head: { position: string },
  found: Found,
): void {
  const position = Number(row.global_position);
  if (position > Number(head.position)) {
    found(
      position,
      'inserted',
      `row (event ${row.event_id}) lies beyond the chain head at ${head.position}: inserted outside the event store`,
    );
    return;
  }
  if (row.chain_hash === null) {
    found(
      position,
      'unchained',
      `row (event ${row.event_id}) has no chain hash: inserted outside the event store`,
    );
    return;
  }
  const expected = chainHash(previous.hash, {
    globalPosition: row.global_position,
    eventId: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.event_type,
    schemaVersion: row.schema_version,
    payloadJson: canonicalJson(row.payload),
    metadataJson: canonicalJson(row.metadata),
    correlationId: row.correlation_id,
    occurredAtMicros: row.occurred_at_us,
    recordedAtMicros: row.recorded_at_us,
  });
  if (expected === row.chain_hash) return;
  if (position !== previous.position + 1) {
    const missing =
      position - 1 === previous.position + 1
        ? `${previous.position + 1}`
        : `${previous.position + 1}..${position - 1}`;
    found(
      previous.position + 1,
      'deleted',
      `position ${missing} is missing: deleted (row ${position} chains from a row no longer in the log)`,
    );
    return;
  }
  const reason = previous.broken
    ? `row (event ${row.event_id}) does not chain from row ${previous.position}, which is itself broken (replaced or rewritten)`
    : `row (event ${row.event_id}) does not match its chain hash: its content was modified, or it was inserted or rewritten with a forged hash`;
  found(position, 'modified', reason);
}

function checkHead(
  last: { position: number; hash: string },
  head: { position: string; hash: string },
  found: Found,
): void {
  const headPosition = Number(head.position);
  if (last.position < headPosition) {
    found(
      last.position + 1,
      'deleted',
      `positions ${last.position + 1}..${headPosition} are missing: the chain head records ${headPosition} (deleted at the end of the log)`,
    );
  } else if (last.position === headPosition && last.hash !== head.hash) {
    found(headPosition, 'head-mismatch', `the last row's hash differs from the chain head's ${head.hash}`);
  }
}
