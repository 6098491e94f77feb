import { MigrationInterface, QueryRunner } from 'typeorm';
import { CheckpointRow, rewriteCheckpoints, STATE_HASH } from './support/kept-state-rewrites';

/**
 * The latest polled report among a futures balance's events up to a version: the later
 * venue time wins, as the domain's fold decides (two polls of one millisecond that differ
 * are told apart by their text, which only approximates the fold's canonical order).
 */
const POLLED_UP_TO = (streamId: string, version: string) => `
  (SELECT e.payload FROM events e
    WHERE e.stream_id = ${streamId} AND e.stream_version <= ${version}
      AND e.event_type = 'FuturesBalanceObserved' AND e.payload ->> 'source' <> 'ws'
    ORDER BY (e.payload ->> 'venueTime')::bigint DESC, e.payload::text DESC
    LIMIT 1)`;

/**
 * A futures balance's state keeps its latest polled report beside its latest report
 * (`polled`): only a poll carries the wallet balance, which desks read as the balance's
 * total, while the stream's f + l counts unrealized P&L. Each kept futures balance state
 * and checkpoint gains the polled report its events up to its version hold, and its hash
 * follows, so it equals the state its events fold to; the read model's futures balance
 * rows are written again from them.
 */
export class FuturesBalancePolledWallet1795850000000 implements MigrationInterface {
  name = 'FuturesBalancePolledWallet1795850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const withPolled = `jsonb_set(a.state, '{polled}', coalesce(${POLLED_UP_TO('a.stream_id', 'a.version')}, 'null'::jsonb))`;
    await queryRunner.query(
      `UPDATE oms_aggregate_states a SET state = ${withPolled}, state_hash = ${STATE_HASH(withPolled)}
        WHERE a.stream_type = 'futures-balance' AND NOT a.state ? 'polled'`,
    );
    // The read model's rows as the projector now writes them from these states: free the
    // latest available balance, locked the latest margins (a stream report's l), total the
    // polled wallet balance.
    await queryRunner.query(
      `UPDATE rm_balances b
          SET free = (latest ->> 'available')::numeric,
              locked = greatest(coalesce((latest ->> 'positionMargin')::numeric + (latest ->> 'orderMargin')::numeric,
                                         (latest ->> 'walletBalance')::numeric - (latest ->> 'available')::numeric), 0),
              total = (coalesce(nullif(polled, 'null'::jsonb), latest) ->> 'walletBalance')::numeric
         FROM (SELECT state -> 'latest' AS latest, state -> 'polled' AS polled,
                      state ->> 'accountId' AS account, state ->> 'asset' AS asset
                 FROM oms_aggregate_states
                WHERE stream_type = 'futures-balance' AND jsonb_typeof(state -> 'latest') = 'object') s
        WHERE b.wallet = 'futures' AND b.account = s.account AND b.asset = s.asset`,
    );
    await rewriteCheckpoints<CheckpointRow & { polled: unknown }>(
      queryRunner,
      {
        where: `a.stream_id LIKE 'futures-balance:%' AND NOT a.state ? 'polled'`,
        columns: `${POLLED_UP_TO('a.stream_id', 'a.version')} AS polled`,
      },
      (row) => ({ ...row.state, polled: row.polled ?? null }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE oms_aggregate_states SET state = state - 'polled', state_hash = ${STATE_HASH(`state - 'polled'`)}
        WHERE stream_type = 'futures-balance'`,
    );
    // Checkpoints keep the field: the older code's fold never reads it.
  }
}
