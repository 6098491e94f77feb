import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables the fold rewrites rows of, with the free space each page keeps. */
const FILL_FACTORS = { rm_orders: 70, rm_fills: 80, oms_aggregate_states: 80 } as const;

/**
 * Free space in the pages of the tables whose rows the fold rewrites (an order's row at
 * each batch that moves it, a fill's row when its second report arrives, every kept
 * state): an update that changes no indexed column then stays on its page as a HOT
 * update and writes none of the table's indexes (rm_orders has eight), where full pages
 * made nearly every update insert into each index again (3,000 orders folded: 18,000 of
 * 26,000 rm_orders updates HOT, against 1,700). Rows inserted from now on leave the
 * space; pages already full keep their packing until the table is rewritten.
 */
export class ReadModelFillFactor1795664200000 implements MigrationInterface {
  name = 'ReadModelFillFactor1795664200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, fillFactor] of Object.entries(FILL_FACTORS))
      await queryRunner.query(`ALTER TABLE ${table} SET (fillfactor = ${fillFactor})`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of Object.keys(FILL_FACTORS))
      await queryRunner.query(`ALTER TABLE ${table} RESET (fillfactor)`);
  }
}
