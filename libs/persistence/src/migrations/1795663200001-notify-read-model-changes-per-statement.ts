import { MigrationInterface, QueryRunner } from 'typeorm';

const WATCHED = ['rm_orders', 'rm_fills', 'rm_positions', 'rm_balances'] as const;
const EVENTS = ['INSERT', 'UPDATE'] as const;

/**
 * The desk notifications of the read models (1764200000001) from one trigger call per
 * statement instead of one per row: the fold writes each read model with one multi-row
 * statement per batch, and a plpgsql call per row was a large part of the rm_orders
 * write. The notifications are the same (one per row written, naming its table, INSERT
 * or UPDATE and its key, delivered at commit), read from the statement's transition
 * table. A trigger with a transition table fires on one event, so each table has an
 * INSERT and an UPDATE trigger (an INSERT ... ON CONFLICT DO UPDATE fires both, each
 * with its own rows).
 */
export class NotifyReadModelChangesPerStatement1795663200001 implements MigrationInterface {
  name = 'NotifyReadModelChangesPerStatement1795663200001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION desk_notify_read_model_changes() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- One branch per table: plpgsql plans a statement when it first runs it.
        IF TG_TABLE_NAME = 'rm_orders' THEN
          PERFORM pg_notify('desk_read_model_changes', jsonb_build_object(
            'table', TG_TABLE_NAME, 'op', TG_OP, 'key', jsonb_build_object('id', c.id))::text)
          FROM changed c;
        ELSIF TG_TABLE_NAME = 'rm_fills' THEN
          PERFORM pg_notify('desk_read_model_changes', jsonb_build_object(
            'table', TG_TABLE_NAME, 'op', TG_OP,
            'key', jsonb_build_object('account', c.account, 'market', c.market, 'fillId', c.fill_id))::text)
          FROM changed c;
        ELSIF TG_TABLE_NAME = 'rm_positions' THEN
          PERFORM pg_notify('desk_read_model_changes', jsonb_build_object(
            'table', TG_TABLE_NAME, 'op', TG_OP,
            'key', jsonb_build_object('account', c.account, 'symbol', c.symbol, 'side', c.side))::text)
          FROM changed c;
        ELSE
          PERFORM pg_notify('desk_read_model_changes', jsonb_build_object(
            'table', TG_TABLE_NAME, 'op', TG_OP,
            'key', jsonb_build_object('account', c.account, 'wallet', c.wallet, 'asset', c.asset))::text)
          FROM changed c;
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of WATCHED) {
      await queryRunner.query(`DROP TRIGGER ${table}_notify_desk ON ${table}`);
      for (const event of EVENTS)
        await queryRunner.query(`
          CREATE TRIGGER ${table}_notify_desk_${event.toLowerCase()}
          AFTER ${event} ON ${table} REFERENCING NEW TABLE AS changed
          FOR EACH STATEMENT EXECUTE FUNCTION desk_notify_read_model_changes()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of WATCHED) {
      for (const event of EVENTS)
        await queryRunner.query(`DROP TRIGGER ${table}_notify_desk_${event.toLowerCase()} ON ${table}`);
      await queryRunner.query(`
        CREATE TRIGGER ${table}_notify_desk
        AFTER INSERT OR UPDATE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION desk_notify_read_model_change()`);
    }
    await queryRunner.query(`DROP FUNCTION desk_notify_read_model_changes()`);
  }
}
