import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops the foreign key from `events.stream_id` to `event_streams`. Its check ran once
 * per inserted event (a lookup and a share lock on the stream row), about a fifth of
 * the cost of a batch append, for a rule the store already keeps: every append writes
 * its stream rows in the same transaction, under the log head lock, and nothing else
 * may insert events (a row written outside the store breaks the hash chain, which
 * `npm run verify-log` reports).
 */
export class DropEventsStreamForeignKey1764100002000 implements MigrationInterface {
  name = 'DropEventsStreamForeignKey1764100002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE events DROP CONSTRAINT events_stream_id_fkey`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE events ADD CONSTRAINT events_stream_id_fkey FOREIGN KEY (stream_id) REFERENCES event_streams (stream_id)`,
    );
  }
}
