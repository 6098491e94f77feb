import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The real fills of each futures position as the position recorded them (the latest
 * report of each, with the contract multiplier of its time), for reports over a
 * position's history: read a page at a time in (time, fillId) order through
 * `rm_position_fills_history`, never the whole history at once. Ids compare as bytes
 * ("C"), as the domain orders them. Filled here from the log: the latest
 * PositionFillRecorded of each real fill (inferred fills are kept by the position's
 * state until retired, never here).
 */
export class PositionFills1795790000000 implements MigrationInterface {
  name = 'PositionFills1795790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rm_position_fills (
        account   text NOT NULL,
        symbol    text NOT NULL,
        side      text NOT NULL CHECK (side IN ('LONG', 'SHORT')),
        fill_id   text NOT NULL,
        time_ms   bigint NOT NULL,
        fill      jsonb NOT NULL,
        PRIMARY KEY (account, symbol, side, fill_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX rm_position_fills_history
         ON rm_position_fills (account, symbol, side, time_ms, fill_id COLLATE "C")`,
    );
    await queryRunner.query(`
      INSERT INTO rm_position_fills (account, symbol, side, fill_id, time_ms, fill)
      SELECT DISTINCT ON (e.stream_id, e.payload #>> '{fill,fillId}')
             e.payload ->> 'accountId', e.payload ->> 'symbol', e.payload ->> 'side',
             e.payload #>> '{fill,fillId}', (e.payload #>> '{fill,time}')::bigint, e.payload -> 'fill'
        FROM events e
       WHERE e.event_type = 'PositionFillRecorded' AND NOT (e.payload #>> '{fill,inferred}')::boolean
       ORDER BY e.stream_id, e.payload #>> '{fill,fillId}', e.stream_version DESC`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE rm_position_fills`);
  }
}
