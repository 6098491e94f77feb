import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tables of the OMS fold (apps/oms), written in the same transaction as the events:
 * - `oms_aggregate_states`: each aggregate's current state at its stream version (a
 *   snapshot kept current), so deciding the next event never re-reads the history;
 * - `oms_order_links`: venue orderId -> the order stream that holds it, so fills and
 *   reports without the OMS client id reach the order the OMS placed;
 * - `oms_parked_fills`: fill observations whose order is not known yet, moved into the
 *   order when the link appears;
 * - `oms_outbox`: OMS events waiting to be published to `oms.events.v1`.
 */
export class CreateOmsFoldTables1764000000000 implements MigrationInterface {
  name = 'CreateOmsFoldTables1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE oms_aggregate_states (
        stream_id   text PRIMARY KEY,
        stream_type text NOT NULL,
        version     integer NOT NULL CHECK (version >= 0),
        state       jsonb NOT NULL,
        state_hash  text NOT NULL,
        updated_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE oms_order_links (
        account    text NOT NULL,
        market     text NOT NULL,
        order_id   text NOT NULL,
        stream_id  text NOT NULL,
        linked_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account, market, order_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE oms_parked_fills (
        event_id   text PRIMARY KEY,
        account    text NOT NULL,
        market     text NOT NULL,
        order_id   text NOT NULL,
        envelope   jsonb NOT NULL,
        parked_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX oms_parked_fills_order ON oms_parked_fills (account, market, order_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE oms_outbox (
        id            bigserial PRIMARY KEY,
        event_id      text NOT NULL UNIQUE,
        partition_key text NOT NULL,
        envelope      jsonb NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now(),
        published_at  timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX oms_outbox_pending ON oms_outbox (id) WHERE published_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['oms_outbox', 'oms_parked_fills', 'oms_order_links', 'oms_aggregate_states']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
