import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A kept idempotent answer is JSON text, not jsonb: an answer repeats what the desk was
 * told, and that can hold a NUL character (a venue refusal echoing the request), which
 * jsonb refuses ("unsupported Unicode escape sequence") while text keeps its `\u0000`
 * escape as written.
 */
export class IdempotencyAnswerAsText1795700001000 implements MigrationInterface {
  name = 'IdempotencyAnswerAsText1795700001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE oms_idempotency_keys ALTER COLUMN answer TYPE text USING answer::text`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE oms_idempotency_keys ALTER COLUMN answer TYPE jsonb USING answer::jsonb`,
    );
  }
}
