import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency keys of desk commands (desk-api.md, "Idempotency"), scoped to the token
 * that sent them and kept at least 24 hours. A row is claimed before anything is
 * recorded or sent (`state` pending), then completed with the status code and what the
 * answer referred to (order ids, or the body itself for answers that are not orders), so
 * a repeat answers the same status with the orders' current state and sends nothing.
 */
export class CreateIdempotencyKeys1764300000000 implements MigrationInterface {
  name = 'CreateIdempotencyKeys1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE oms_idempotency_keys (
        token_name       text NOT NULL,
        idempotency_key  text NOT NULL,
        request_hash     text NOT NULL,
        state            text NOT NULL CHECK (state IN ('pending', 'done')),
        status_code      integer,
        answer           jsonb,
        created_at       timestamptz NOT NULL DEFAULT now(),
        expires_at       timestamptz NOT NULL,
        PRIMARY KEY (token_name, idempotency_key)
      )`);
    await queryRunner.query(`CREATE INDEX oms_idempotency_keys_expiry ON oms_idempotency_keys (expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE oms_idempotency_keys`);
  }
}
