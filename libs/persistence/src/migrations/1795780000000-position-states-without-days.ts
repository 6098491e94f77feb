import { MigrationInterface, QueryRunner } from 'typeorm';
import { canonicalJson } from '../integrity/canonical-json';
import { hashState } from '../snapshots/snapshot.store';

/** The kept states' hash (the OMS's STATE_HASH_SQL): SHA-256 of the jsonb text. */
const STATE_HASH = (jsonb: string) => `encode(sha256(convert_to((${jsonb})::text, 'UTF8')), 'hex')`;

/** Checkpoints rewritten per statement: their states are read into memory a page at a time. */
const CHECKPOINT_PAGE = 100;

interface CheckpointRow {
  readonly stream_id: string;
  readonly version: number;
  readonly state: { settled: Record<string, unknown> };
}

/**
 * A position's kept state held its settled fills' totals per UTC day as well
 * (`settled.days`): an entry a day for the life of the position, rewritten and hashed
 * with every fill, for figures only a report over the history reads. The state keeps
 * totals only now. Each kept position state loses its days here and its hash follows,
 * so it equals the state its events fold to; so does each position checkpoint
 * (`aggregate_snapshots`, hashed over canonical JSON, so rewritten here a page at a
 * time), keeping its version and the time it was taken, so as-of reads still start
 * from it.
 */
export class PositionStatesWithoutDays1795780000000 implements MigrationInterface {
  name = 'PositionStatesWithoutDays1795780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE oms_aggregate_states
          SET state = state #- '{settled,days}',
              state_hash = ${STATE_HASH(`state #- '{settled,days}'`)}
        WHERE stream_type = 'position' AND state -> 'settled' ? 'days'`,
    );
    let after = { streamId: '', version: -1 };
    for (;;) {
      const rows = (await queryRunner.query(
        `SELECT stream_id, version, state FROM aggregate_snapshots
          WHERE stream_id LIKE 'position:%' AND (stream_id, version) > ($1, $2)
            AND state -> 'settled' ? 'days'
          ORDER BY stream_id, version LIMIT ${CHECKPOINT_PAGE}`,
        [after.streamId, after.version],
      )) as CheckpointRow[];
      if (rows.length === 0) return;
      const states = rows.map((row) => {
        const { days: _days, ...settled } = row.state.settled;
        return { ...row.state, settled };
      });
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

  async down(): Promise<void> {
    // The per-day totals come back as the states are folded again (npm run replay).
  }
}
