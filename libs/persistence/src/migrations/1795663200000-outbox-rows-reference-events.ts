import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An `oms_outbox` row names the stored event it publishes (`event_id`) and its partition
 * key, and no longer carries a copy of the event: the relay builds the envelope from the
 * `events` row when it publishes. Writing the envelope beside every event cost as much as
 * the event append itself (the whole payload a second time, sent as a jsonb[] literal).
 * Rows written before keep their envelope and are published as they are.
 */
export class OutboxRowsReferenceEvents1795663200000 implements MigrationInterface {
  name = 'OutboxRowsReferenceEvents1795663200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE oms_outbox ALTER COLUMN envelope DROP NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The envelope of each row that has none, as the relay would have built it.
    await queryRunner.query(`
      UPDATE oms_outbox o SET envelope = jsonb_build_object(
        'eventId', e.event_id,
        'type', e.event_type,
        'schemaVersion', e.schema_version,
        'accountId', split_part(o.partition_key, ':', 1),
        'symbol', split_part(o.partition_key, ':', 2),
        'source', 'oms',
        'observedAt', to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'venueTime', to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'correlationId', coalesce(e.correlation_id, e.event_id),
        'payload', jsonb_build_object('streamId', e.stream_id, 'streamVersion', e.stream_version,
                                      'data', e.payload, 'metadata', e.metadata))
      FROM events e WHERE o.envelope IS NULL AND e.event_id = o.event_id`);
    await queryRunner.query(`ALTER TABLE oms_outbox ALTER COLUMN envelope SET NOT NULL`);
  }
}
