import { MigrationInterface, QueryRunner } from 'typeorm';
import { STATE_HASH } from './support/kept-state-rewrites';

const ORDER_STREAM_TYPES = `('spot-order', 'futures-order')`;
/** The domain's ORDER_FILL_WINDOW and EMPTY_ORDER_FILL_TOTALS when this migration was written. */
const ORDER_FILL_WINDOW = 64;
const EMPTY_SETTLED_FILLS = '{"through": null, "count": 0, "qty": "0", "quote": "0", "firstTime": null}';

/**
 * An order keeps its older fills as totals, not as a list, so a late or repeated report
 * of one of them is told new or repeated by looking up the order's reports of that fill
 * id in the log (events_order_fill, by stream and fill id as futuresFillId reads it: the
 * ticket id, else the trade id), and a futures trades row without a ticket id is matched
 * to the stream report timed near it (events_order_fill_time). Both indexes are partial:
 * only the fill-recording events are indexed.
 *
 * The kept states of spot and futures orders had every fill in a map (`fills`). One
 * with at most 64 fills (ORDER_FILL_WINDOW: nearly every order) is rewritten to the new
 * shape here, as its events fold to it: the fills as `recentFills` sorted by (time,
 * fillId), empty `settledFills`; its state hash, and rm_orders' copy of it, follow. A
 * larger one is dropped, and the fold re-folds it from its events the first time it
 * touches it (`npm run replay` rebuilds them all at once). Pending desk orders, which the
 * command side's resolver finds by their kept state, are young and keep theirs.
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
      `WITH converted AS (
         SELECT a.stream_id,
                (a.state - 'fills') || jsonb_build_object(
                  'recentFills',
                  COALESCE(
                    (SELECT jsonb_agg(f.value ORDER BY (f.value ->> 'time')::bigint, f.key COLLATE "C")
                       FROM jsonb_each(a.state -> 'fills') f),
                    '[]'::jsonb),
                  'settledFills', '${EMPTY_SETTLED_FILLS}'::jsonb) AS state
           FROM oms_aggregate_states a
          WHERE a.stream_type IN ${ORDER_STREAM_TYPES} AND a.state ? 'fills'
            AND (SELECT count(*) FROM jsonb_object_keys(a.state -> 'fills')) <= ${ORDER_FILL_WINDOW}
       )
       UPDATE oms_aggregate_states a
          SET state = c.state, state_hash = ${STATE_HASH('c.state')}
         FROM converted c
        WHERE a.stream_id = c.stream_id`,
    );
    await queryRunner.query(
      `UPDATE rm_orders o SET state_hash = a.state_hash
         FROM oms_aggregate_states a
        WHERE o.stream_id = a.stream_id AND a.stream_type IN ${ORDER_STREAM_TYPES}
          AND o.stream_version = a.version AND o.state_hash <> a.state_hash`,
    );
    await queryRunner.query(
      `DELETE FROM oms_aggregate_states WHERE stream_type IN ${ORDER_STREAM_TYPES} AND state ? 'fills'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX events_order_fill_time`);
    await queryRunner.query(`DROP INDEX events_order_fill`);
  }
}
