import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The OMS events relay reads the event log itself, past a cursor, instead of a row per
 * event in `oms_outbox`. The log is already written in the transaction that decides
 * the events, and read in `global_position` order it never skips one (appends take the
 * log head in turn and hold it until they commit), so the outbox rows only repeated it:
 * an insert and three index entries per event, an update per event once published, and
 * a table that nothing pruned.
 *
 * `oms_outbox_cursor.published_position` is the position up to which the relay has
 * published. It starts just before the first event whose outbox row was unpublished
 * (events after it that were published already go again: at least once, deduplicable
 * by eventId), or at the log's end when nothing was waiting.
 */
export class OutboxReadsTheLog1795700002000 implements MigrationInterface {
  name = 'OutboxReadsTheLog1795700002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE oms_outbox_cursor (
        relay              text PRIMARY KEY,
        published_position bigint NOT NULL CHECK (published_position >= 0),
        updated_at         timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      INSERT INTO oms_outbox_cursor (relay, published_position)
      SELECT 'oms-events', COALESCE(
        (SELECT min(e.global_position) - 1 FROM oms_outbox o JOIN events e ON e.event_id = o.event_id
         WHERE o.published_at IS NULL),
        (SELECT max(global_position) FROM events),
        0)`);
    await queryRunner.query(`DROP TABLE oms_outbox`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE oms_outbox (
        id            bigserial PRIMARY KEY,
        event_id      text NOT NULL UNIQUE,
        partition_key text NOT NULL,
        envelope      jsonb,
        created_at    timestamptz NOT NULL DEFAULT now(),
        published_at  timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX oms_outbox_pending ON oms_outbox (id) WHERE published_at IS NULL`);
    // A row for each event the relay has not published yet, keyed as the relay keys it.
    await queryRunner.query(`
      INSERT INTO oms_outbox (event_id, partition_key)
      SELECT e.event_id,
             coalesce(s.state->>'accountId', '-unknown') || ':' || coalesce(CASE
               WHEN e.stream_id LIKE 'venue-stream:%' THEN '-stream'
               WHEN e.stream_id LIKE '%-balance:%' THEN s.state->>'asset'
               ELSE s.state->>'symbol' END, '-unknown')
      FROM events e LEFT JOIN oms_aggregate_states s ON s.stream_id = e.stream_id
      WHERE e.global_position > (SELECT published_position FROM oms_outbox_cursor WHERE relay = 'oms-events')
      ORDER BY e.global_position`);
    await queryRunner.query(`DROP TABLE oms_outbox_cursor`);
  }
}
