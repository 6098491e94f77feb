import { MigrationInterface, QueryRunner } from 'typeorm';

const WATCHED = ['rm_orders', 'rm_fills', 'rm_positions', 'rm_balances'] as const;

/**
 * Live desk subscriptions read committed read models only: each row written to a
 * watched read model sends a NOTIFY on `desk_read_model_changes` naming its table and
 * key. Postgres delivers notifications at commit and drops them on rollback, so a
 * subscriber never hears of a change a crash takes back, whoever wrote the row.
 */
export class NotifyReadModelChanges1764200000001 implements MigrationInterface {
  name = 'NotifyReadModelChanges1764200000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION desk_notify_read_model_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        key jsonb;
      BEGIN
        -- One branch per table: plpgsql only resolves NEW's fields in the branch it runs.
        IF TG_TABLE_NAME = 'rm_orders' THEN
          key := jsonb_build_object('id', NEW.id);
        ELSIF TG_TABLE_NAME = 'rm_fills' THEN
          key := jsonb_build_object('account', NEW.account, 'market', NEW.market, 'fillId', NEW.fill_id);
        ELSIF TG_TABLE_NAME = 'rm_positions' THEN
          key := jsonb_build_object('account', NEW.account, 'symbol', NEW.symbol, 'side', NEW.side);
        ELSE
          key := jsonb_build_object('account', NEW.account, 'wallet', NEW.wallet, 'asset', NEW.asset);
        END IF;
        PERFORM pg_notify('desk_read_model_changes', jsonb_build_object('table', TG_TABLE_NAME, 'op', TG_OP, 'key', key)::text);
        RETURN NULL;
      END $$`);
    for (const table of WATCHED)
      await queryRunner.query(`
        CREATE TRIGGER ${table}_notify_desk
        AFTER INSERT OR UPDATE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION desk_notify_read_model_change()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of WATCHED) await queryRunner.query(`DROP TRIGGER ${table}_notify_desk ON ${table}`);
    await queryRunner.query(`DROP FUNCTION desk_notify_read_model_change()`);
  }
}
