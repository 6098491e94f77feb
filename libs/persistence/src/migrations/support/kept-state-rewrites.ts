import { QueryRunner } from 'typeorm';
import { canonicalJson } from '../../integrity/canonical-json';
import { hashState } from '../../snapshots/snapshot.store';

/** The kept states' hash (the OMS's STATE_HASH_SQL): SHA-256 of the jsonb text. */
export const STATE_HASH = (jsonb: string): string =>
  `encode(sha256(convert_to((${jsonb})::text, 'UTF8')), 'hex')`;

/** Checkpoints rewritten per statement: their states are read into memory a page at a time. */
const CHECKPOINT_PAGE = 100;

export interface CheckpointRow {
  readonly stream_id: string;
  readonly version: number;
  readonly state: Record<string, unknown>;
}

/**
 * Rewrites the checkpoints (`aggregate_snapshots`, hashed over canonical JSON) that
 * `where` selects, a page at a time, each to the state `rewrite` gives it, keeping its
 * version and the time it was taken. `columns` adds select expressions over `a` that
 * `rewrite` reads. `where` must stop matching a checkpoint once it is rewritten.
 */
export async function rewriteCheckpoints<Row extends CheckpointRow>(
  queryRunner: QueryRunner,
  selection: { readonly where: string; readonly columns?: string },
  rewrite: (row: Row) => unknown,
): Promise<void> {
  let after = { streamId: '', version: -1 };
  for (;;) {
    const rows = (await queryRunner.query(
      `SELECT a.stream_id, a.version, a.state${selection.columns === undefined ? '' : `, ${selection.columns}`}
         FROM aggregate_snapshots a
        WHERE (${selection.where}) AND (a.stream_id, a.version) > ($1, $2)
        ORDER BY a.stream_id, a.version LIMIT ${CHECKPOINT_PAGE}`,
      [after.streamId, after.version],
    )) as Row[];
    if (rows.length === 0) return;
    const states = rows.map(rewrite);
    await queryRunner.query(
      `UPDATE aggregate_snapshots a SET state = r.state, state_hash = decode(r.state_hash, 'hex')
         FROM unnest($1::text[], $2::int[], $3::jsonb[], $4::text[]) AS r(stream_id, version, state, state_hash)
        WHERE a.stream_id = r.stream_id AND a.version = r.version`,
      [
        rows.map((row) => row.stream_id),
        rows.map((row) => row.version),
        states.map((state) => canonicalJson(state)),
        states.map((state) => hashState(state)),
      ],
    );
    const last = rows[rows.length - 1];
    after = { streamId: last.stream_id, version: last.version };
  }
}
