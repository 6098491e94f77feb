import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Snapshots of aggregates whose history grows without bound (a position collects
 * millions of fills): the state at a stream version, so a fold loads the newest
 * snapshot and reads only the events after it. `state_hash` is sha256 of the state's
 * canonical JSON, checked on load (a snapshot that does not match is ignored: the log
 * stays the truth). `state_version` is the shape of the state, so a fold that changes
 * its state shape ignores snapshots of the old one. A few snapshots per stream are
 * kept, newest first.
 */
export class CreateAggregateSnapshots1764100001000 implements MigrationInterface {
  name = 'CreateAggregateSnapshots1764100001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE aggregate_snapshots (
        stream_id     text NOT NULL REFERENCES event_streams (stream_id),
        version       integer NOT NULL CHECK (version >= 0),
        state_version integer NOT NULL DEFAULT 1,
        state         jsonb NOT NULL,
        state_hash    bytea NOT NULL CHECK (octet_length(state_hash) = 32),
        taken_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (stream_id, version)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE aggregate_snapshots`);
  }
}
