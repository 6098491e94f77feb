import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A position keeps its older fills and funding payments as totals, not as a list, so a
 * late or repeated report of one of them is told new or repeated by looking up the
 * position's latest PositionFillRecorded (or FundingPaymentRecorded) of that id in the
 * log. The indexes are partial: only those events are indexed, by stream and id.
 *
 * The kept states of positions had every fill and payment in a list; they are dropped,
 * and the fold re-folds each position from its events into the new shape the first time
 * it touches it (`npm run replay` rebuilds them all at once).
 */
export class IndexPositionReports1795663169092 implements MigrationInterface {
  name = 'IndexPositionReports1795663169092';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX events_position_fill ON events (stream_id, (payload #>> '{fill,fillId}'), stream_version)
       WHERE event_type = 'PositionFillRecorded'`,
    );
    await queryRunner.query(
      `CREATE INDEX events_position_funding ON events (stream_id, (payload #>> '{payment,fundingId}'), stream_version)
       WHERE event_type = 'FundingPaymentRecorded'`,
    );
    await queryRunner.query(`DELETE FROM oms_aggregate_states WHERE stream_type = 'position'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX events_position_funding`);
    await queryRunner.query(`DROP INDEX events_position_fill`);
  }
}
