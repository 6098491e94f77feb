import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `oms_expect_no_parked_fills(account, market, order_id)`: a guard a transaction sends
 * with its writes when it links a venue orderId without having read whether fills wait
 * for that order (a desk order's acknowledgement, decided on the state the OMS holds).
 * It fails the transaction with SQLSTATE OS410 when some do; the caller then decides
 * again, reading the parked fills and folding them into the order.
 */
export class ParkedFillsGuard1795680001000 implements MigrationInterface {
  name = 'ParkedFillsGuard1795680001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION oms_expect_no_parked_fills(accounts text[], markets text[], order_ids text[])
      RETURNS void
      LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM unnest(accounts, markets, order_ids) AS k(account, market, order_id)
                   CROSS JOIN LATERAL (SELECT 1 FROM oms_parked_fills p
                                       WHERE p.account = k.account AND p.market = k.market
                                         AND p.order_id = k.order_id LIMIT 1) AS parked) THEN
          RAISE EXCEPTION 'fills are parked for an order this transaction links' USING ERRCODE = 'OS410';
        END IF;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION oms_expect_no_parked_fills(text[], text[], text[])`);
  }
}
