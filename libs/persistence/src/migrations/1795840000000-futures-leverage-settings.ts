import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The leverage each account last set for a futures symbol through the OMS, and when the
 * venue accepted it. Every OMS process's pre-trade margin check reads it, so a leverage
 * one process set is the one every process checks with at once, not when its own copy
 * of the venue's leverage expires.
 */
export class FuturesLeverageSettings1795840000000 implements MigrationInterface {
  name = 'FuturesLeverageSettings1795840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE oms_futures_leverage (
        account  text NOT NULL,
        symbol   text NOT NULL,
        leverage numeric NOT NULL CHECK (leverage > 0),
        set_at   timestamptz NOT NULL,
        PRIMARY KEY (account, symbol)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE oms_futures_leverage`);
  }
}
