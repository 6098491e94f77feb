import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A futures order that no report gave a cumulative quote (the exchange's futures REST
 * records carry none, and a stream report delivered late can say "0") showed "0". Its row now takes its real fills' price x contracts
 * when they make up its executed quantity, else the venue's average price x executed
 * contracts (the OMS's order row, `cumulativeQuoteOf`). Rows written before are brought
 * to it here from their kept states, as a replay would write them.
 */
export class FuturesOrderQuoteFromFills1795880000000 implements MigrationInterface {
  name = 'FuturesOrderQuoteFromFills1795880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE rm_orders o
         SET cumulative_quote_qty = trim_scale(CASE
               WHEN f.qty = o.executed_qty THEN f.quote
               WHEN f.average > 0 THEN f.average * o.executed_qty
               ELSE 0 END)
        FROM (SELECT a.stream_id,
                     (a.state #>> '{settledFills,qty}')::numeric
                       + coalesce((SELECT sum((fill ->> 'qty')::numeric)
                                     FROM jsonb_array_elements(a.state -> 'recentFills') fill), 0) AS qty,
                     (a.state #>> '{settledFills,quote}')::numeric
                       + coalesce((SELECT sum((fill ->> 'price')::numeric * (fill ->> 'qty')::numeric)
                                     FROM jsonb_array_elements(a.state -> 'recentFills') fill), 0) AS quote,
                     coalesce(nullif(a.state #>> '{venue,avgPrice}', ''), '0')::numeric AS average
                FROM oms_aggregate_states a
               WHERE a.stream_type = 'futures-order'
                 AND (a.state -> 'cumulativeQuoteQty' = 'null'::jsonb
                      OR a.state ->> 'cumulativeQuoteQty' = '0')) f
       WHERE o.stream_id = f.stream_id AND o.executed_qty > 0 AND o.cumulative_quote_qty = 0`);
  }

  async down(): Promise<void> {
    // The older code writes "0" again as each such order next changes.
  }
}
