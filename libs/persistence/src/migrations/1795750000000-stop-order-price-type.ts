import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * rm_orders shows the priceType of futures STOP orders (null until now): triggered, a
 * STOP order becomes a limit order at its price (INPUT), or a market order when it has
 * none (MARKET; the venue reports its price as 0). The rows kept so far get it from
 * their price, as the projection does.
 */
export class StopOrderPriceType1795750000000 implements MigrationInterface {
  name = 'StopOrderPriceType1795750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE rm_orders SET price_type = CASE WHEN price IS NULL OR price = 0 THEN 'MARKET' ELSE 'INPUT' END
       WHERE type = 'STOP' AND price_type IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE rm_orders SET price_type = NULL WHERE type = 'STOP'`);
  }
}
