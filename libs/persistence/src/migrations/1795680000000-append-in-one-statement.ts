import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `event_log_append(...)`: a short append in one statement. Every append holds the log
 * head from the moment it locks it until its transaction ends; planned in the app, that
 * is a round trip (head, versions and stored ids back to the app, numbering and hashing
 * there, rows sent back) plus COMMIT. Here the numbering and the chain hashes are done
 * where the head is read, so on a pipelined connection the head is held for the
 * statement and the COMMIT sent behind it.
 *
 * The events come in the order the app's plan would number them (streams by id, each
 * stream's events in order), payload and metadata as canonical JSON text, and the
 * chain hash covers exactly what `chainHash` (libs/persistence/src/integrity) covers:
 * sha256 over the previous hash (hex), NUL, and the row's fields joined by NUL.
 * It refuses rather than decides the rare cases the app's plan handles (SQLSTATEs the
 * caller acts on):
 * - OS409: a stream is not at its expected version (another writer came first);
 * - OS208: an offered event id is stored already or offered twice (the caller appends
 *   again with the app's plan, which skips and reports them).
 */
export class AppendInOneStatement1795680000000 implements MigrationInterface {
  name = 'AppendInOneStatement1795680000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION event_log_append(
        stream_ids text[], stream_types text[], expected_versions integer[],
        event_streams integer[], event_ids text[], event_types text[], schema_versions integer[],
        payloads text[], metadata text[], correlation_ids text[], occurred_us bigint[])
      RETURNS void
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        nul CONSTANT bytea := '\\x00'::bytea;
        head_position bigint;
        previous_hash text;
        now_us bigint;
        versions integer[];
        stream_count integer := coalesce(array_length(stream_ids, 1), 0);
        event_count integer := coalesce(array_length(event_ids, 1), 0);
        positions bigint[] := '{}';
        stream_versions integer[] := '{}';
        hashes text[] := '{}';
        s integer;
        i integer;
      BEGIN
        SELECT h.last_position, encode(h.last_hash, 'hex') INTO head_position, previous_hash
        FROM event_log_head h FOR UPDATE;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'event_log_head is missing: run the migrations';
        END IF;
        now_us := (extract(epoch FROM now()) * 1000000)::bigint;
        versions := ARRAY(
          SELECT coalesce((SELECT es.version FROM event_streams es WHERE es.stream_id = o.id LIMIT 1), 0)
          FROM unnest(stream_ids) WITH ORDINALITY AS o(id, n) ORDER BY o.n);
        FOR s IN 1 .. stream_count LOOP
          IF expected_versions[s] IS NOT NULL AND expected_versions[s] <> versions[s] THEN
            RAISE EXCEPTION 'stream % is at version %, not the expected %', stream_ids[s], versions[s],
              expected_versions[s]
              USING ERRCODE = 'OS409', DETAIL = stream_ids[s], HINT = versions[s]::text;
          END IF;
        END LOOP;
        IF (SELECT count(DISTINCT id) FROM unnest(event_ids) AS o(id)) <> event_count
           OR EXISTS (SELECT 1 FROM unnest(event_ids) AS o(id) CROSS JOIN LATERAL
                        (SELECT 1 FROM events e WHERE e.event_id = o.id LIMIT 1) AS stored) THEN
          RAISE EXCEPTION 'an offered event is stored already or offered twice' USING ERRCODE = 'OS208';
        END IF;
        FOR i IN 1 .. event_count LOOP
          s := event_streams[i];
          versions[s] := versions[s] + 1;
          head_position := head_position + 1;
          previous_hash := encode(sha256(
            convert_to(previous_hash, 'UTF8') || nul || convert_to('event-chain/v1', 'UTF8') || nul ||
            convert_to(head_position::text, 'UTF8') || nul || convert_to(event_ids[i], 'UTF8') || nul ||
            convert_to(stream_ids[s], 'UTF8') || nul || convert_to(versions[s]::text, 'UTF8') || nul ||
            convert_to(event_types[i], 'UTF8') || nul || convert_to(schema_versions[i]::text, 'UTF8') || nul ||
            convert_to(payloads[i], 'UTF8') || nul || convert_to(metadata[i], 'UTF8') || nul ||
            convert_to(CASE WHEN correlation_ids[i] IS NULL THEN '-' ELSE '+' || correlation_ids[i] END, 'UTF8') ||
            nul || convert_to(occurred_us[i]::text, 'UTF8') || nul || convert_to(now_us::text, 'UTF8')), 'hex');
          positions := positions || head_position;
          stream_versions := stream_versions || versions[s];
          hashes := hashes || previous_hash;
        END LOOP;
        IF event_count = 0 THEN
          RETURN;
        END IF;
        INSERT INTO events (global_position, event_id, stream_id, stream_version, event_type, schema_version,
                            payload, metadata, correlation_id, occurred_at, recorded_at, chain_hash)
        SELECT e.position, e.event_id, stream_ids[e.stream], e.version, e.event_type, e.schema_version,
               e.payload::jsonb, e.metadata::jsonb, e.correlation_id,
               timestamptz 'epoch' + e.occurred_us * interval '1 microsecond',
               timestamptz 'epoch' + now_us * interval '1 microsecond', decode(e.hash, 'hex')
        FROM unnest(positions, event_ids, event_streams, stream_versions, event_types, schema_versions, payloads,
                    metadata, correlation_ids, occurred_us, hashes)
             AS e(position, event_id, stream, version, event_type, schema_version, payload, metadata,
                  correlation_id, occurred_us, hash);
        INSERT INTO event_streams (stream_id, stream_type, version)
        SELECT o.id, o.type, versions[o.n]
        FROM unnest(stream_ids, stream_types) WITH ORDINALITY AS o(id, type, n)
        WHERE o.n IN (SELECT DISTINCT unnest(event_streams))
        ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version, updated_at = now();
        UPDATE event_log_head
        SET last_position = head_position, last_hash = decode(previous_hash, 'hex'), updated_at = now();
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP FUNCTION event_log_append(text[], text[], integer[], integer[], text[], text[], integer[], text[],
                                      text[], text[], bigint[])`,
    );
  }
}
