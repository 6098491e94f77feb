import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every mark and last price the OMS was given, by symbol and time (rm_marks keeps only
 * the latest of each symbol): a past position is valued at the mark of its time (the
 * desk API's `asOf`) and a P&L report at the marks of its period's end. The marks kept
 * so far start it.
 */
export class MarkHistory1795860000000 implements MigrationInterface {
  name = 'MarkHistory1795860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE oms_mark_history (
        symbol text NOT NULL,
        market text NOT NULL,
        price  numeric NOT NULL,
        time   timestamptz NOT NULL,
        PRIMARY KEY (symbol, time)
      )`);
    await queryRunner.query(
      `INSERT INTO oms_mark_history (symbol, market, price, time) SELECT symbol, market, price, time FROM rm_marks`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE oms_mark_history`);
  }
}
