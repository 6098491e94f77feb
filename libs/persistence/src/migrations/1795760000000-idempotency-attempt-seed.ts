import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each claim of an idempotency key carries a random seed from which the command derives
 * its client order ids. A repeat that finds the key still pending long after any answer
 * could have come (the OMS serving it died) derives the same ids, so it finds the orders
 * that request recorded instead of placing them again. Keys claimed before this column
 * have no seed: a repeat of such an abandoned key still answers CONFLICT.
 * `created_at` is when the current attempt claimed the key (a takeover moves it).
 */
export class IdempotencyAttemptSeed1795760000000 implements MigrationInterface {
  name = 'IdempotencyAttemptSeed1795760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE oms_idempotency_keys ADD COLUMN attempt_seed text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE oms_idempotency_keys DROP COLUMN attempt_seed`);
  }
}
