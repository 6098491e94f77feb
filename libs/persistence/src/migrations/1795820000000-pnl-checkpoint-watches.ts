import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * P&L checkpoints kept while the fold goes on writing the same histories.
 *
 * Before, a report kept a checkpoint only when nothing had written the history since
 * its snapshot. The fold writes a live position or symbol every few seconds, so a report
 * of a busy history that took longer than that never kept one, however many times it
 * ran. Yet a checkpoint covers only the fills before its time: new fills after it do not
 * make it stale.
 *
 * Now each history has a change row (rm_position_fill_changes, and rm_spot_fill_changes
 * gains the same columns). Every statement that changes a history's fills updates that
 * row first: it counts the change and lowers `earliest_change_ms` to the earliest fill
 * time it touched. A report keeps a checkpoint in three steps:
 * 1. Before its snapshot, it starts a watch of each history it may fold
 *    (`rm_watch_*_pnl_history`). The watch number goes up and `earliest_change_ms` is
 *    cleared.
 * 2. It folds the history in its REPEATABLE READ snapshot.
 * 3. After that transaction, it keeps each checkpoint with `rm_keep_*_pnl_checkpoint`,
 *    in a READ COMMITTED statement. The function locks the change row (waiting for a
 *    writer that holds it) and reads its latest committed values. It keeps the
 *    checkpoint only if the watch is still the report's and no change since the watch
 *    began touched a fill before the checkpoint's time. A change that reaches the row
 *    after that lock waits for the insert to commit, and its trigger's delete then sees
 *    the checkpoint.
 * A change the snapshot missed is caught by the row's values or by its delete, so
 * nothing stale is kept. A change that touches only later fills no longer stops a
 * checkpoint from being kept.
 */
export class PnlCheckpointWatches1795820000000 implements MigrationInterface {
  name = 'PnlCheckpointWatches1795820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE rm_position_fill_changes (
        account            text NOT NULL,
        symbol             text NOT NULL,
        side               text NOT NULL,
        changes            bigint NOT NULL DEFAULT 0,
        watch              bigint NOT NULL DEFAULT 0,
        earliest_change_ms bigint,
        PRIMARY KEY (account, symbol, side)
      )`);
    await queryRunner.query(`
      ALTER TABLE rm_spot_fill_changes
        ADD COLUMN watch bigint NOT NULL DEFAULT 0,
        ADD COLUMN earliest_change_ms bigint`);

    // Positions: the change row first (its lock orders writers after a keeper), then the delete.
    const positionChange = (rows: string) => `
        INSERT INTO rm_position_fill_changes AS c (account, symbol, side, changes, earliest_change_ms)
        SELECT account, symbol, side, 1, min(time_ms) FROM (${rows}) touched
         GROUP BY account, symbol, side ORDER BY account, symbol, side
        ON CONFLICT (account, symbol, side) DO UPDATE
          SET changes = c.changes + 1, earliest_change_ms = least(c.earliest_change_ms, EXCLUDED.earliest_change_ms);
        DELETE FROM rm_pnl_checkpoints c
         USING (SELECT account, symbol, side, min(time_ms) AS earliest FROM (${rows}) touched
                 GROUP BY account, symbol, side) t
         WHERE c.account = t.account AND c.symbol = t.symbol AND c.side = t.side AND c.before_ms > t.earliest;`;
    const positionRows = 'SELECT account, symbol, side, time_ms FROM changed_rows';
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION rm_pnl_checkpoints_invalidate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          ${positionChange(`${positionRows} UNION ALL SELECT account, symbol, side, time_ms FROM previous_rows`)}
        ELSE
          ${positionChange(positionRows)}
        END IF;
        RETURN NULL;
      END $$`);

    const spotChange = (name: string, rows: string) => `
      CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO rm_spot_fill_changes AS c (account, symbol, changes, earliest_change_ms)
        SELECT account, symbol, 1, min((extract(epoch FROM time) * 1000)::bigint) FROM (${rows}) touched
         GROUP BY account, symbol ORDER BY account, symbol
        ON CONFLICT (account, symbol) DO UPDATE
          SET changes = c.changes + 1, earliest_change_ms = least(c.earliest_change_ms, EXCLUDED.earliest_change_ms);
        DELETE FROM rm_spot_pnl_checkpoints p
         USING (SELECT account, symbol, min((extract(epoch FROM time) * 1000)::bigint) AS earliest_ms
                  FROM (${rows}) touched GROUP BY account, symbol) t
         WHERE p.account = t.account AND p.symbol = t.symbol AND p.before_ms > t.earliest_ms;
        RETURN NULL;
      END $$`;
    const spotRows = `SELECT account, symbol, time FROM changed_rows WHERE market = 'spot'`;
    await queryRunner.query(spotChange('rm_spot_pnl_checkpoints_invalidate', spotRows));
    await queryRunner.query(
      spotChange(
        'rm_spot_pnl_checkpoints_invalidate_update',
        `${spotRows} UNION ALL SELECT account, symbol, time FROM previous_rows WHERE market = 'spot'`,
      ),
    );

    // A watch waits at most lock_timeout for a writer holding the row; null when it could not start.
    const watch = (name: string, table: string, parameters: string, columns: string, values: string) => `
      CREATE FUNCTION ${name}(${parameters}) RETURNS bigint
      LANGUAGE plpgsql SET lock_timeout = '250ms' AS $$
      DECLARE started bigint;
      BEGIN
        INSERT INTO ${table} AS c (${columns}, watch) VALUES (${values}, 1)
        ON CONFLICT (${columns}) DO UPDATE SET watch = c.watch + 1, earliest_change_ms = NULL
        RETURNING watch INTO started;
        RETURN started;
      EXCEPTION WHEN lock_not_available THEN
        RETURN NULL;
      END $$`;
    await queryRunner.query(
      watch(
        'rm_watch_position_pnl_history',
        'rm_position_fill_changes',
        'p_account text, p_symbol text, p_side text',
        'account, symbol, side',
        'p_account, p_symbol, p_side',
      ),
    );
    await queryRunner.query(
      watch(
        'rm_watch_spot_pnl_history',
        'rm_spot_fill_changes',
        'p_account text, p_symbol text',
        'account, symbol',
        'p_account, p_symbol',
      ),
    );

    await queryRunner.query(`DROP FUNCTION rm_keep_position_pnl_checkpoint(text, text, text, bigint, jsonb)`);
    await queryRunner.query(`DROP FUNCTION rm_keep_spot_pnl_checkpoint(text, text, text, bigint, jsonb)`);
    // Called outside the report's snapshot (READ COMMITTED): the lock waits for a writer
    // holding the row, then reads the row as that writer committed it.
    const keep = (name: string, parameters: string, changeRow: string, insert: string) => `
      CREATE FUNCTION ${name}(${parameters}, p_watch bigint, p_before_ms bigint, p_checkpoint jsonb)
      RETURNS boolean LANGUAGE plpgsql SET lock_timeout = '100ms' AS $$
      DECLARE
        current_watch bigint;
        earliest_change bigint;
      BEGIN
        SELECT watch, earliest_change_ms INTO current_watch, earliest_change FROM ${changeRow} FOR SHARE;
        IF NOT FOUND OR current_watch <> p_watch OR earliest_change < p_before_ms THEN
          RETURN false;
        END IF;
        ${insert} ON CONFLICT DO NOTHING;
        RETURN true;
      EXCEPTION WHEN serialization_failure OR lock_not_available OR unique_violation THEN
        RETURN false;
      END $$`;
    await queryRunner.query(
      keep(
        'rm_keep_position_pnl_checkpoint',
        'p_account text, p_symbol text, p_side text',
        `rm_position_fill_changes WHERE account = p_account AND symbol = p_symbol AND side = p_side`,
        `INSERT INTO rm_pnl_checkpoints (account, symbol, side, before_ms, checkpoint)
         VALUES (p_account, p_symbol, p_side, p_before_ms, p_checkpoint)`,
      ),
    );
    await queryRunner.query(
      keep(
        'rm_keep_spot_pnl_checkpoint',
        'p_account text, p_symbol text, p_method text',
        `rm_spot_fill_changes WHERE account = p_account AND symbol = p_symbol`,
        `INSERT INTO rm_spot_pnl_checkpoints (account, symbol, method, before_ms, checkpoint)
         VALUES (p_account, p_symbol, p_method, p_before_ms, p_checkpoint)`,
      ),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP FUNCTION rm_keep_spot_pnl_checkpoint(text, text, text, bigint, bigint, jsonb)`,
    );
    await queryRunner.query(
      `DROP FUNCTION rm_keep_position_pnl_checkpoint(text, text, text, bigint, bigint, jsonb)`,
    );
    await queryRunner.query(`DROP FUNCTION rm_watch_spot_pnl_history(text, text)`);
    await queryRunner.query(`DROP FUNCTION rm_watch_position_pnl_history(text, text, text)`);
    // What 1795800000000 and 1795810000000 created.
    const keeping = (name: string, parameters: string, body: string) => `
      CREATE FUNCTION ${name}(${parameters}, p_before_ms bigint, p_checkpoint jsonb) RETURNS boolean
      LANGUAGE plpgsql SET lock_timeout = '100ms' AS $$
      BEGIN
        ${body}
        RETURN true;
      EXCEPTION WHEN serialization_failure OR lock_not_available OR unique_violation THEN
        RETURN false;
      END $$`;
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
    const spotInvalidation = (name: string, rows: string) => `
      CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
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
    const spotRows = `SELECT account, symbol, time FROM changed_rows WHERE market = 'spot'`;
    await queryRunner.query(spotInvalidation('rm_spot_pnl_checkpoints_invalidate', spotRows));
    await queryRunner.query(
      spotInvalidation(
        'rm_spot_pnl_checkpoints_invalidate_update',
        `${spotRows} UNION ALL SELECT account, symbol, time FROM previous_rows WHERE market = 'spot'`,
      ),
    );
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION rm_pnl_checkpoints_invalidate() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await queryRunner.query(
      `ALTER TABLE rm_spot_fill_changes DROP COLUMN earliest_change_ms, DROP COLUMN watch`,
    );
    await queryRunner.query(`DROP TABLE rm_position_fill_changes`);
  }
}
