import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A position keeps its older fills as totals, not fills, so a late or repeated report
 * of one of them is told new or repeated by looking up the position's latest
 * PositionFillRecorded of that fill id in the log. The index is partial: only those
 * events are indexed, by stream and fill id.
 */
export class IndexPositionFillReports1795663169092 implements MigrationInterface {
  name = 'IndexPositionFillReports1795663169092';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX events_position_fill ON events (stream_id, (payload #>> '{fill,fillId}'), stream_version)
       WHERE event_type = 'PositionFillRecorded'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX events_position_fill`);
  }
}
