import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Desk API tokens (desk-api.md, "Access"). Only the SHA-256 of a token is kept: tokens
 * are 256-bit random values, so a fast hash is enough and lets a request find its token
 * by an index lookup. A revoked token stays, so its name is never reused by accident.
 */
export class CreateDeskTokens1764200000000 implements MigrationInterface {
  name = 'CreateDeskTokens1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE desk_tokens (
        name                 text PRIMARY KEY,
        token_sha256         text NOT NULL UNIQUE,
        role                 text NOT NULL CHECK (role IN ('viewer', 'trader', 'admin')),
        accounts             text[] NOT NULL,
        requests_per_minute  integer CHECK (requests_per_minute > 0),
        created_by           text,
        created_at           timestamptz NOT NULL DEFAULT now(),
        revoked_at           timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE desk_tokens`);
  }
}
