import { MigrationInterface, QueryRunner } from 'typeorm';
import { CheckpointRow, rewriteCheckpoints, STATE_HASH } from './support/kept-state-rewrites';

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
    await rewriteCheckpoints<CheckpointRow & { state: { settled: Record<string, unknown> } }>(
      queryRunner,
      { where: `a.stream_id LIKE 'position:%' AND a.state -> 'settled' ? 'days'` },
      (row) => {
        const { days: _days, ...settled } = row.state.settled;
        return { ...row.state, settled };
      },
    );
  }

  async down(): Promise<void> {
    // The per-day totals come back as the states are folded again (npm run replay).
  }
}
