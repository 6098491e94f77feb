import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The append-only event store and the bookkeeping that makes Kafka consumption
 * exactly-once in effect:
 * - `event_streams` holds each stream's current version; appends update it with a
 *   compare-and-set on the expected version, which both detects concurrent writers and
 *   serialises them on the row lock.
 * - `events` is append-only (no UPDATE/DELETE, enforced by a trigger): a global
 *   position, a dense per-stream version, and a unique `event_id` so that the same venue
 *   fact observed twice is stored once.
 * - `consumer_offsets` is written in the same transaction as the events derived from a
 *   Kafka batch, so a crash neither loses nor doubles anything.
 * - `projection_checkpoints` records how far each read model has folded the log.
 */
export class CreateEventStore1763800000000 implements MigrationInterface {
  name = 'CreateEventStore1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE event_streams (
        stream_id    text PRIMARY KEY,
        stream_type  text NOT NULL,
        version      integer NOT NULL CHECK (version >= 0),
        updated_at   timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE events (
        global_position bigserial PRIMARY KEY,
        event_id        text NOT NULL,
        stream_id       text NOT NULL REFERENCES event_streams (stream_id),
        stream_version  integer NOT NULL CHECK (stream_version >= 1),
        event_type      text NOT NULL,
        schema_version  integer NOT NULL CHECK (schema_version >= 1),
        payload         jsonb NOT NULL,
        metadata        jsonb NOT NULL DEFAULT '{}'::jsonb,
        correlation_id  text,
        occurred_at     timestamptz NOT NULL,
        recorded_at     timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_event_id_unique UNIQUE (event_id),
        CONSTRAINT events_stream_version_unique UNIQUE (stream_id, stream_version)
      )`);
    await queryRunner.query(`CREATE INDEX events_type_position ON events (event_type, global_position)`);
    await queryRunner.query(`CREATE INDEX events_occurred_at ON events (occurred_at)`);
    await queryRunner.query(`
      CREATE FUNCTION events_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the event store is append-only: % on events is not allowed', TG_OP;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER events_append_only
      BEFORE UPDATE OR DELETE ON events
      FOR EACH ROW EXECUTE FUNCTION events_are_append_only()`);
    await queryRunner.query(`
      CREATE TABLE consumer_offsets (
        consumer_group text NOT NULL,
        topic          text NOT NULL,
        partition      integer NOT NULL,
        next_offset    bigint NOT NULL CHECK (next_offset >= 0),
        updated_at     timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer_group, topic, partition)
      )`);
    await queryRunner.query(`
      CREATE TABLE projection_checkpoints (
        projection      text PRIMARY KEY,
        global_position bigint NOT NULL CHECK (global_position >= 0),
        updated_at      timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE projection_checkpoints`);
    await queryRunner.query(`DROP TABLE consumer_offsets`);
    await queryRunner.query(`DROP TRIGGER events_append_only ON events`);
    await queryRunner.query(`DROP TABLE events`);
    await queryRunner.query(`DROP FUNCTION events_are_append_only()`);
    await queryRunner.query(`DROP TABLE event_streams`);
  }
}
