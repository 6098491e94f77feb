import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `event_log_begin_append(stream_ids, event_ids)`: the first step of every append in one
 * round trip instead of two. It locks the log head, then reads the streams' versions
 * and which offered event ids are stored. The reads must see what the previous holder
 * of the head committed. One SQL statement could not do both: its snapshot is taken
 * before it waits for the lock. Each statement of a VOLATILE plpgsql function takes a
 * new snapshot (READ COMMITTED), so the reads run after the lock is granted. The
 * `LATERAL … LIMIT 1` probes keep index lookups whatever the statistics say.
 */
export class BeginAppendFunction1764100003000 implements MigrationInterface {
  name = 'BeginAppendFunction1764100003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION event_log_begin_append(stream_ids text[], event_ids text[])
      RETURNS TABLE (out_kind text, out_key text, out_version integer, out_position bigint, out_hash text,
                     out_now_us bigint)
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        head_position bigint;
        head_hash text;
      BEGIN
        SELECT h.last_position, encode(h.last_hash, 'hex') INTO head_position, head_hash
        FROM event_log_head h FOR UPDATE;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'event_log_head is missing: run the migrations';
        END IF;
        RETURN QUERY SELECT 'head'::text, NULL::text, NULL::integer, head_position, head_hash,
                            (extract(epoch FROM now()) * 1000000)::bigint;
        RETURN QUERY SELECT 'stream'::text, s.stream_id, s.version, NULL::bigint, NULL::text, NULL::bigint
                     FROM unnest(stream_ids) AS o(id) CROSS JOIN LATERAL
                          (SELECT es.stream_id, es.version FROM event_streams es WHERE es.stream_id = o.id LIMIT 1) AS s;
        RETURN QUERY SELECT 'event'::text, o.id, NULL::integer, NULL::bigint, NULL::text, NULL::bigint
                     FROM unnest(event_ids) AS o(id) CROSS JOIN LATERAL
                          (SELECT 1 FROM events e WHERE e.event_id = o.id LIMIT 1) AS stored;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION event_log_begin_append(text[], text[])`);
  }
}
