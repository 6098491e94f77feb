import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order streams whose kept state waits for the venue (a submission or a cancel
 * requested or uncertain), so that the OMS's resolver finds them at start and every few
 * seconds without reading every order state: over 300,000 kept order states (411 MB)
 * that read took 126 to 369 ms, and it grows with every order ever placed.
 *
 * `oms_order_state_pending(stream_type, state)` states the rule once. Statement triggers
 * on oms_aggregate_states keep `oms_pending_order_states` from their transition tables: a
 * stream whose written state is pending is added, one whose state is not (or that is
 * deleted) is removed. A statement only touches the rows of the streams whose states it
 * writes, which it holds locked already, so the triggers add no lock another writer can
 * wait on. No index on the states' JSON is needed, which would stop their updates from
 * being HOT.
 */
export class PendingOrderStates1795720000000 implements MigrationInterface {
  name = 'PendingOrderStates1795720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION oms_order_state_pending(stream_type text, state jsonb) RETURNS boolean
      LANGUAGE sql IMMUTABLE AS $$
        SELECT stream_type IN ('spot-order', 'futures-order', 'futures-stop-order')
           AND (state->'submission'->>'phase' IN ('requested', 'uncertain')
                OR state->'cancel'->>'phase' IN ('requested', 'uncertain'))
      $$`);
    await queryRunner.query(`CREATE TABLE oms_pending_order_states (stream_id text PRIMARY KEY)`);
    await queryRunner.query(`
      CREATE FUNCTION oms_pending_order_states_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- One branch per event: each names only the transition tables its trigger has.
        IF TG_OP = 'DELETE' THEN
          DELETE FROM oms_pending_order_states p USING replaced r WHERE p.stream_id = r.stream_id;
        ELSE
          DELETE FROM oms_pending_order_states p USING written w
           WHERE p.stream_id = w.stream_id AND NOT oms_order_state_pending(w.stream_type, w.state);
          INSERT INTO oms_pending_order_states (stream_id)
          SELECT w.stream_id FROM written w WHERE oms_order_state_pending(w.stream_type, w.state)
          ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER oms_aggregate_states_pending_insert AFTER INSERT ON oms_aggregate_states
      REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION oms_pending_order_states_follow()`);
    await queryRunner.query(`
      CREATE TRIGGER oms_aggregate_states_pending_update AFTER UPDATE ON oms_aggregate_states
      REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION oms_pending_order_states_follow()`);
    await queryRunner.query(`
      CREATE TRIGGER oms_aggregate_states_pending_delete AFTER DELETE ON oms_aggregate_states
      REFERENCING OLD TABLE AS replaced FOR EACH STATEMENT EXECUTE FUNCTION oms_pending_order_states_follow()`);
    // The states already kept (the table is locked by the triggers' creation).
    await queryRunner.query(`
      INSERT INTO oms_pending_order_states (stream_id)
      SELECT stream_id FROM oms_aggregate_states WHERE oms_order_state_pending(stream_type, state)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete'])
      await queryRunner.query(`DROP TRIGGER oms_aggregate_states_pending_${event} ON oms_aggregate_states`);
    await queryRunner.query(`DROP FUNCTION oms_pending_order_states_follow()`);
    await queryRunner.query(`DROP TABLE oms_pending_order_states`);
    await queryRunner.query(`DROP FUNCTION oms_order_state_pending(text, jsonb)`);
  }
}
