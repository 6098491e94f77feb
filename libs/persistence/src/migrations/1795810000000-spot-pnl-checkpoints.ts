import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a P&L report left an account's spot history of a symbol before its period: the
 * folding of every spot fill with time < before_ms, per cost method (libs/domain
 * `SpotPnlCheckpoint`; none when a fee was paid in a third asset, whose value follows
 * the report's prices). A later report resumes from the newest one before its period.
 *
 * Every statement that inserts, changes or deletes spot rm_fills rows (a late poll row,
 * the fee the poll adds to a stream's fill, a replay) deletes the checkpoints of each
 * account and symbol it touched from the earliest fill time on, after counting the
 * change in `rm_spot_fill_changes`: the row a report locks before it keeps a checkpoint,
 * so that none is kept from fills a transaction was changing. Reports keep checkpoints
 * of either kind through `rm_keep_position_pnl_checkpoint` and
 * `rm_keep_spot_pnl_checkpoint`.
 */
export class SpotPnlCheckpoints1795810000000 implements MigrationInterface {
  name = 'SpotPnlCheckpoints1795810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rm_spot_pnl_checkpoints (
        account    text NOT NULL,
        symbol     text NOT NULL,
        method     text NOT NULL CHECK (method IN ('average-cost', 'fifo')),
        before_ms  bigint NOT NULL,
        checkpoint jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account, symbol, method, before_ms)
      )`);
    await queryRunner.query(`
      CREATE TABLE rm_spot_fill_changes (
        account text NOT NULL,
        symbol  text NOT NULL,
        changes bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (account, symbol)
      )`);
    // Two statements: the count first, whose row lock waits for a report keeping a
    // checkpoint; then the delete, whose snapshot (taken after that wait) sees it.
    const invalidation = (name: string, rows: string) => `
      CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO rm_spot_fill_changes AS c (account, symbol, changes)
        SELECT DISTINCT account, symbol, 1 FROM (${rows}) touched ORDER BY account, symbol
        ON CONFLICT (account, symbol) DO UPDATE SET changes = c.changes + 1;
        DELETE FROM rm_spot_pnl_checkpoints p
         USING (SELECT account, symbol, min((extract(epoch FROM time) * 1000)::bigint) AS earliest_ms
                  FROM (${rows}) touched GROUP BY account, symbol) t
         WHERE p.account = t.account AND p.symbol = t.symbol AND p.before_ms > t.earliest_ms;
        RETURN NULL;
      END $$`;
    await queryRunner.query(
      invalidation(
        'rm_spot_pnl_checkpoints_invalidate',
        `SELECT account, symbol, time FROM changed_rows WHERE market = 'spot'`,
      ),
    );
    await queryRunner.query(
      invalidation(
        'rm_spot_pnl_checkpoints_invalidate_update',
        `SELECT account, symbol, time FROM changed_rows WHERE market = 'spot'
         UNION ALL SELECT account, symbol, time FROM previous_rows WHERE market = 'spot'`,
      ),
    );
    // A report keeps a checkpoint with one of these, inside its REPEATABLE READ
    // transaction: lock the history's row, then insert. The lock fails when the row
    // changed after the report's snapshot (serialization_failure), a writer holds it
    // (lock_not_available, at once or after lock_timeout) or a writer created it since
    // (unique_violation): the history moved on under the report, and nothing is kept.
    // Once locked, a writer that changes the history waits for the report, and its
    // trigger then deletes the checkpoint if the change reaches before it.
    const keeping = (name: string, parameters: string, body: string) => `
      CREATE FUNCTION ${name}(${parameters}, p_before_ms bigint, p_checkpoint jsonb) RETURNS boolean
      LANGUAGE plpgsql SET lock_timeout = '100ms' AS $$
      BEGIN
        ${body}
        RETURN true;
      EXCEPTION WHEN serialization_failure OR lock_not_available OR unique_violation THEN
        RETURN false;
      END $$`;
    // The fold rewrites a position's rm_positions row in every transaction that changes
    // its fills, before their rm_position_fills rows: that row is the one locked.
    await queryRunner.query(
      keeping(
        'rm_keep_position_pnl_checkpoint',
        'p_account text, p_symbol text, p_side text',
        `PERFORM 1 FROM rm_positions WHERE account = p_account AND symbol = p_symbol AND side = p_side
           FOR SHARE NOWAIT;
         IF NOT FOUND THEN RETURN false; END IF;
         INSERT INTO rm_pnl_checkpoints (account, symbol, side, before_ms, checkpoint)
         VALUES (p_account, p_symbol, p_side, p_before_ms, p_checkpoint) ON CONFLICT DO NOTHING;`,
      ),
    );
    // Every statement that changes spot fills counts it in rm_spot_fill_changes first.
    await queryRunner.query(
      keeping(
        'rm_keep_spot_pnl_checkpoint',
        'p_account text, p_symbol text, p_method text',
        `IF NOT EXISTS (SELECT 1 FROM rm_spot_fill_changes WHERE account = p_account AND symbol = p_symbol) THEN
           INSERT INTO rm_spot_fill_changes (account, symbol) VALUES (p_account, p_symbol);
         END IF;
         PERFORM 1 FROM rm_spot_fill_changes WHERE account = p_account AND symbol = p_symbol FOR SHARE NOWAIT;
         INSERT INTO rm_spot_pnl_checkpoints (account, symbol, method, before_ms, checkpoint)
         VALUES (p_account, p_symbol, p_method, p_before_ms, p_checkpoint) ON CONFLICT DO NOTHING;`,
      ),
    );
    await queryRunner.query(`
      CREATE TRIGGER rm_fills_spot_checkpoints_insert AFTER INSERT ON rm_fills
        REFERENCING NEW TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION rm_spot_pnl_checkpoints_invalidate()`);
    await queryRunner.query(`
      CREATE TRIGGER rm_fills_spot_checkpoints_update AFTER UPDATE ON rm_fills
        REFERENCING NEW TABLE AS changed_rows OLD TABLE AS previous_rows
        FOR EACH STATEMENT EXECUTE FUNCTION rm_spot_pnl_checkpoints_invalidate_update()`);
    await queryRunner.query(`
      CREATE TRIGGER rm_fills_spot_checkpoints_delete AFTER DELETE ON rm_fills
        REFERENCING OLD TABLE AS changed_rows
        FOR EACH STATEMENT EXECUTE FUNCTION rm_spot_pnl_checkpoints_invalidate()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER rm_fills_spot_checkpoints_delete ON rm_fills`);
    await queryRunner.query(`DROP TRIGGER rm_fills_spot_checkpoints_update ON rm_fills`);
    await queryRunner.query(`DROP TRIGGER rm_fills_spot_checkpoints_insert ON rm_fills`);
    await queryRunner.query(`DROP FUNCTION rm_keep_spot_pnl_checkpoint(text, text, text, bigint, jsonb)`);
    await queryRunner.query(`DROP FUNCTION rm_keep_position_pnl_checkpoint(text, text, text, bigint, jsonb)`);
    await queryRunner.query(`DROP FUNCTION rm_spot_pnl_checkpoints_invalidate_update()`);
    await queryRunner.query(`DROP FUNCTION rm_spot_pnl_checkpoints_invalidate()`);
    await queryRunner.query(`DROP TABLE rm_spot_fill_changes`);
    await queryRunner.query(`DROP TABLE rm_spot_pnl_checkpoints`);
  }
}
