import { MigrationInterface, QueryRunner } from 'typeorm';
import { canonicalJson } from '../integrity/canonical-json';
import { chainHash, GENESIS_HASH } from '../integrity/event-chain';

interface LegacyRow {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  schema_version: number;
  payload: unknown;
  metadata: unknown;
  correlation_id: string | null;
  occurred_at_us: string;
  recorded_at_us: string;
}

/**
 * Hash-chains the event log (tamper evidence) and makes appends take their turn:
 * - `events.chain_hash` = sha256(previous row's chain_hash || the row's content), so a
 *   modified, deleted or inserted row breaks the chain (`npm run verify-log`).
 * - `event_log_head` is the single row holding the last position and hash. An append
 *   locks it first and holds it until its transaction ends, which gives the chain its
 *   order and makes appends commit in global-position order, so a reader paging through
 *   `global_position` never passes a position a slower writer fills in later.
 * - Positions are assigned from the head (gapless; the column default is dropped so
 *   that no insert can bypass the head), and the head never moves backwards.
 * Rows stored before this migration are chained here in position order.
 */
export class ChainEventLog1764100000000 implements MigrationInterface {
  name = 'ChainEventLog1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE events ADD COLUMN chain_hash bytea`);
    const head = await this.chainStoredRows(queryRunner);
    await queryRunner.query(`ALTER TABLE events ALTER COLUMN chain_hash SET NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE events ADD CONSTRAINT events_chain_hash_length CHECK (octet_length(chain_hash) = 32)`,
    );
    await queryRunner.query(`ALTER TABLE events ALTER COLUMN global_position DROP DEFAULT`);
    await queryRunner.query(`
      CREATE TABLE event_log_head (
        id            boolean PRIMARY KEY DEFAULT true CHECK (id),
        last_position bigint NOT NULL CHECK (last_position >= 0),
        last_hash     bytea NOT NULL CHECK (octet_length(last_hash) = 32),
        updated_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `INSERT INTO event_log_head (last_position, last_hash) VALUES ($1, decode($2, 'hex'))`,
      [head.position, head.hash],
    );
    await queryRunner.query(`
      CREATE FUNCTION event_log_head_moves_forward() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' OR NEW.last_position < OLD.last_position THEN
          RAISE EXCEPTION 'the event log head only moves forward: % is not allowed', TG_OP;
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER event_log_head_forward_only
      BEFORE UPDATE OR DELETE ON event_log_head
      FOR EACH ROW EXECUTE FUNCTION event_log_head_moves_forward()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE event_log_head`);
    await queryRunner.query(`DROP FUNCTION event_log_head_moves_forward()`);
    await queryRunner.query(
      `ALTER TABLE events ALTER COLUMN global_position SET DEFAULT nextval('events_global_position_seq')`,
    );
    await queryRunner.query(
      `SELECT setval('events_global_position_seq', COALESCE((SELECT max(global_position) FROM events), 0) + 1, false)`,
    );
    await queryRunner.query(`ALTER TABLE events DROP COLUMN chain_hash`);
  }

  /** Chains the rows already stored, oldest first; returns the resulting head. */
  private async chainStoredRows(queryRunner: QueryRunner): Promise<{ position: string; hash: string }> {
    let head = { position: '0', hash: GENESIS_HASH };
    await queryRunner.query(`ALTER TABLE events DISABLE TRIGGER events_append_only`);
    for (;;) {
      const rows = (await queryRunner.query(
        `SELECT global_position::text AS global_position, event_id, stream_id, stream_version, event_type,
                schema_version, payload, metadata, correlation_id,
                (extract(epoch FROM occurred_at) * 1000000)::bigint::text AS occurred_at_us,
                (extract(epoch FROM recorded_at) * 1000000)::bigint::text AS recorded_at_us
         FROM events WHERE global_position > $1::bigint ORDER BY events.global_position LIMIT 5000`,
        [head.position],
      )) as LegacyRow[];
      if (rows.length === 0) break;
      const hashes: string[] = [];
      for (const row of rows) {
        head = {
          position: row.global_position,
          hash: chainHash(head.hash, {
            globalPosition: row.global_position,
            eventId: row.event_id,
            streamId: row.stream_id,
            streamVersion: row.stream_version,
            type: row.event_type,
            schemaVersion: row.schema_version,
            payloadJson: canonicalJson(row.payload),
            metadataJson: canonicalJson(row.metadata),
            correlationId: row.correlation_id,
            occurredAtMicros: row.occurred_at_us,
            recordedAtMicros: row.recorded_at_us,
          }),
        };
        hashes.push(head.hash);
      }
      await queryRunner.query(
        `UPDATE events SET chain_hash = decode(c.hash, 'hex')
         FROM unnest($1::bigint[], $2::text[]) AS c(global_position, hash)
         WHERE events.global_position = c.global_position`,
        [rows.map((row) => row.global_position), hashes],
      );
    }
    await queryRunner.query(`ALTER TABLE events ENABLE TRIGGER events_append_only`);
    return head;
  }
}
