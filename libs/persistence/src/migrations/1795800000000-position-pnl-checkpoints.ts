import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a P&L report left each futures position's history before its period: the
 * folding of every real fill with time_ms < before_ms (libs/domain
 * `PositionHistoryCheckpoint`). A later report resumes from the newest checkpoint before
 * its own period and folds only the fills after it, so its time follows the fills since
 * then, not the position's whole history.
 *
 * A checkpoint holds only while the fills before it stay as they were: any statement
 * that inserts, changes or deletes rm_position_fills rows of a position (a late trades
 * poll row, the fee a poll adds to a stream's fill, a replay) deletes that position's
 * checkpoints from the earliest time it touched on, one statement per table statement.
 */
export class PositionPnlCheckpoints1795800000000 implements MigrationInterface {
  name = 'PositionPnlCheckpoints1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rm_pnl_checkpoints (
        account    text NOT NULL,
        symbol     text NOT NULL,
        side       text NOT NULL CHECK (side IN ('LONG', 'SHORT')),
        before_ms  bigint NOT NULL,
        checkpoint jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account, symbol, side, before_ms)
      )`);
    await queryRunner.query(`
      CREATE FUNCTION rm_pnl_checkpoints_invalidate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          DELETE FROM rm_pnl_checkpoints c
           USING (SELECT account, symbol, side, min(time_ms) AS earliest
                    FROM (SELECT account, symbol, side, time_ms FROM changed_rows
                          UNION ALL SELECT account, symbol, side, time_ms FROM previous_rows) touched
                   GROUP BY account, symbol, side) t
           WHERE c.account = t.account AND c.symbol = t.symbol AND c.side = t.side AND c.before_ms > t.earliest;
        ELSE
          DELETE FROM rm_pnl_checkpoints c
           USING (SELECT account, symbol, side, min(time_ms) AS earliest FROM changed_rows
                   GROUP BY account, symbol, side) t
           WHERE c.account = t.account AND c.symbol = t.symbol AND c.side = t.side AND c.before_ms > t.earliest;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER rm_position_fills_checkpoints_insert AFTER INSERT ON rm_position_fills
        REFERENCING NEW TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION rm_pnl_checkpoints_invalidate()`);
    await queryRunner.query(`
      CREATE TRIGGER rm_position_fills_checkpoints_update AFTER UPDATE ON rm_position_fills
        REFERENCING NEW TABLE AS changed_rows OLD TABLE AS previous_rows
        FOR EACH STATEMENT EXECUTE FUNCTION rm_pnl_checkpoints_invalidate()`);
    await queryRunner.query(`
      CREATE TRIGGER rm_position_fills_checkpoints_delete AFTER DELETE ON rm_position_fills
        REFERENCING OLD TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION rm_pnl_checkpoints_invalidate()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER rm_position_fills_checkpoints_delete ON rm_position_fills`);
    await queryRunner.query(`DROP TRIGGER rm_position_fills_checkpoints_update ON rm_position_fills`);
    await queryRunner.query(`DROP TRIGGER rm_position_fills_checkpoints_insert ON rm_position_fills`);
    await queryRunner.query(`DROP FUNCTION rm_pnl_checkpoints_invalidate()`);
    await queryRunner.query(`DROP TABLE rm_pnl_checkpoints`);
  }
}
