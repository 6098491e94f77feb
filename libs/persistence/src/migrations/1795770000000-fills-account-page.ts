import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The fills of one account, newest first (`GET /v1/fills?account=`, a token scoped to one
 * account): read in order from this index. The account page index leads with the symbol,
 * so without a symbol the list walked every account's fills or sorted all of the
 * account's. Same key order as the list: time, fill id, then market (account is fixed).
 */
export class FillsAccountPage1795770000000 implements MigrationInterface {
  name = 'FillsAccountPage1795770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS rm_fills_account_time ON rm_fills (account, time DESC, fill_id DESC, market DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS rm_fills_account_time`);
  }
}
