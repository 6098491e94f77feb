import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The next moment each venue key may send an internal transfer (the seeds: at most one a
 * second per key). Every OMS process on the database reserves its transfer's moment
 * here, so that transfers sent by several processes with one key never meet in one of
 * the venue's seconds. `key_id` is a SHA-256 of the API key, never the key itself.
 */
export class TransferSlots1795830000000 implements MigrationInterface {
  name = 'TransferSlots1795830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE oms_transfer_slots (
        key_id  text PRIMARY KEY,
        next_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE oms_transfer_slots`);
  }
}
