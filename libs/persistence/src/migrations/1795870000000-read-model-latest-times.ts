import { MigrationInterface, QueryRunner } from 'typeorm';

/** A position's stream id from its row (libs/domain positionStreamId: each part percent-escaped). */
const ESCAPED = (column: string) => `replace(replace(${column}, '%', '%25'), ':', '%3A')`;
const POSITION_STREAM_ID = `'position:' || ${ESCAPED('p.account')} || ':' || ${ESCAPED('p.symbol')} || ':' || p.side`;

/**
 * An order's and a position's `updated_at` is the latest time among its stream's events,
 * not the time of its last one: venue reports can arrive out of their time order, and
 * the time must not go back. Rows written before are brought to it here, as a replay
 * would write them.
 */
export class ReadModelLatestTimes1795870000000 implements MigrationInterface {
  name = 'ReadModelLatestTimes1795870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE rm_orders o SET updated_at = t.latest
        FROM (SELECT e.stream_id, max(e.occurred_at) AS latest
                FROM events e JOIN rm_orders r ON r.stream_id = e.stream_id
               GROUP BY e.stream_id) t
       WHERE o.stream_id = t.stream_id AND o.updated_at < t.latest`);
    await queryRunner.query(`
      UPDATE rm_positions p SET updated_at = t.latest
        FROM (SELECT stream_id, max(occurred_at) AS latest FROM events
               WHERE stream_id LIKE 'position:%' GROUP BY stream_id) t
       WHERE t.stream_id = ${POSITION_STREAM_ID} AND p.updated_at < t.latest`);
  }

  async down(): Promise<void> {
    // The later times stay: the older code writes each row's time again as its aggregate changes.
  }
}
