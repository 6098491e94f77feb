import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An uncertain submission counts the lookups that learned nothing certain
 * (`submission.lookups` of the kept order states, from `OrderSubmissionLookedUp`
 * events; `uncertainty.lookups` of rm_orders, which said 0 until now). No such event
 * was stored before, so the kept states of uncertain submissions get 0, with their
 * hash, and their rm_orders rows the new hash.
 */
export class UncertainSubmissionLookups1795740000000 implements MigrationInterface {
  name = 'UncertainSubmissionLookups1795740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      WITH kept AS (
        UPDATE oms_aggregate_states s
           SET state = jsonb_set(s.state, '{submission,lookups}', '0'),
               state_hash = encode(sha256(convert_to(jsonb_set(s.state, '{submission,lookups}', '0')::text, 'UTF8')), 'hex')
         WHERE s.stream_type IN ('spot-order', 'futures-order', 'futures-stop-order')
           AND s.state->'submission'->>'phase' = 'uncertain'
           AND NOT s.state->'submission' ? 'lookups'
        RETURNING s.stream_id, s.state_hash
      )
      UPDATE rm_orders r SET state_hash = kept.state_hash FROM kept WHERE r.stream_id = kept.stream_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      WITH kept AS (
        UPDATE oms_aggregate_states s
           SET state = s.state #- '{submission,lookups}',
               state_hash = encode(sha256(convert_to((s.state #- '{submission,lookups}')::text, 'UTF8')), 'hex')
         WHERE s.stream_type IN ('spot-order', 'futures-order', 'futures-stop-order')
           AND s.state->'submission'->>'phase' = 'uncertain'
        RETURNING s.stream_id, s.state_hash
      )
      UPDATE rm_orders r SET state_hash = kept.state_hash FROM kept WHERE r.stream_id = kept.stream_id`);
  }
}
