import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A resolved cancel keeps who requested it (`cancel.actor` of the kept order states,
 * `cancel.requestedBy` of rm_orders): before, the actor was dropped once the venue
 * confirmed or refused the cancel. Kept states of resolved cancels get the actor of
 * their stream's last `OrderCancelRequested` event (null when none), as a replay of
 * the stream finds it, with their hash; their rm_orders rows follow.
 */
export class ResolvedCancelActor1795730000000 implements MigrationInterface {
  name = 'ResolvedCancelActor1795730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      WITH resolved AS (
        SELECT s.stream_id,
               jsonb_set(s.state, '{cancel,actor}', coalesce(
                 (SELECT to_jsonb(e.payload->>'actor') FROM events e
                   WHERE e.stream_id = s.stream_id AND e.event_type = 'OrderCancelRequested'
                   ORDER BY e.stream_version DESC LIMIT 1),
                 'null'::jsonb)) AS state
        FROM oms_aggregate_states s
        WHERE s.stream_type IN ('spot-order', 'futures-order', 'futures-stop-order')
          AND s.state->'cancel'->>'phase' = 'resolved'
          AND NOT s.state->'cancel' ? 'actor'
      ), kept AS (
        UPDATE oms_aggregate_states s
           SET state = resolved.state,
               state_hash = encode(sha256(convert_to(resolved.state::text, 'UTF8')), 'hex')
          FROM resolved
         WHERE s.stream_id = resolved.stream_id
        RETURNING s.stream_id, s.state, s.state_hash
      )
      UPDATE rm_orders r
         SET cancel = jsonb_set(r.cancel, '{requestedBy}', kept.state->'cancel'->'actor'),
             state_hash = kept.state_hash
        FROM kept
       WHERE r.stream_id = kept.stream_id AND r.cancel IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      WITH kept AS (
        UPDATE oms_aggregate_states s
           SET state = s.state #- '{cancel,actor}',
               state_hash = encode(sha256(convert_to((s.state #- '{cancel,actor}')::text, 'UTF8')), 'hex')
         WHERE s.stream_type IN ('spot-order', 'futures-order', 'futures-stop-order')
           AND s.state->'cancel'->>'phase' = 'resolved'
        RETURNING s.stream_id, s.state_hash
      )
      UPDATE rm_orders r
         SET cancel = jsonb_set(r.cancel, '{requestedBy}', 'null'::jsonb), state_hash = kept.state_hash
        FROM kept
       WHERE r.stream_id = kept.stream_id AND r.cancel IS NOT NULL`);
  }
}
