import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An order keeps its older fills as totals, not as a list, so a late or repeated report
 * of one of them is told new or repeated by looking up the order's reports of that fill
 * id in the log (events_order_fill, by stream and fill id as futuresFillId reads it: the
 * ticket id, else the trade id), and a futures trades row without a ticket id is matched
 * to the stream report timed near it (events_order_fill_time). Both indexes are partial:
 * only the fill-recording events are indexed.
 *
 * The kept states of spot and futures orders had every fill in a map; they are dropped,
 * and the fold re-folds each order from its events into the new shape the first time it
 * touches it (`npm run replay` rebuilds them all at once).
 */
export class IndexOrderFillReports1795670000000 implements MigrationInterface {
  name = 'IndexOrderFillReports1795670000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX events_order_fill
         ON events (stream_id, (coalesce(payload ->> 'ticketId', payload ->> 'tradeId')))
       WHERE event_type IN ('SpotFillObserved', 'FuturesFillObserved')`,
    );
    await queryRunner.query(
      `CREATE INDEX events_order_fill_time ON events (stream_id, ((payload ->> 'tradeTime')::bigint))
       WHERE event_type = 'FuturesFillObserved'`,
    );
    await queryRunner.query(
      `DELETE FROM oms_aggregate_states WHERE stream_type IN ('spot-order', 'futures-order')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX events_order_fill_time`);
    await queryRunner.query(`DROP INDEX events_order_fill`);
  }
}
