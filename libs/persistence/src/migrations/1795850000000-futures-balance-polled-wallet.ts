import { MigrationInterface, QueryRunner } from 'typeorm';
import { canonicalJson } from '../integrity/canonical-json';
import { hashState } from '../snapshots/snapshot.store';

/** The kept states' hash (the OMS's STATE_HASH_SQL): SHA-256 of the jsonb text. */
const STATE_HASH = (jsonb: string) => `encode(sha256(convert_to((${jsonb})::text, 'UTF8')), 'hex')`;

/** Checkpoints rewritten per statement: their states are read into memory a page at a time. */
const CHECKPOINT_PAGE = 100;

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

interface CheckpointRow {
  readonly stream_id: string;
  readonly version: number;
  readonly state: Record<string, unknown>;
  readonly polled: unknown;
}

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
    let after = { streamId: '', version: -1 };
    for (;;) {
      const rows = (await queryRunner.query(
        `SELECT a.stream_id, a.version, a.state, ${POLLED_UP_TO('a.stream_id', 'a.version')} AS polled
           FROM aggregate_snapshots a
          WHERE a.stream_id LIKE 'futures-balance:%' AND (a.stream_id, a.version) > ($1, $2)
            AND NOT a.state ? 'polled'
          ORDER BY a.stream_id, a.version LIMIT ${CHECKPOINT_PAGE}`,
        [after.streamId, after.version],
      )) as CheckpointRow[];
      if (rows.length === 0) return;
      const states = rows.map((row) => ({ ...row.state, polled: row.polled ?? null }));
      await queryRunner.query(
        `UPDATE aggregate_snapshots a SET state = r.state, state_hash = decode(r.state_hash, 'hex')
           FROM unnest($1::text[], $2::int[], $3::jsonb[], $4::text[]) AS r(stream_id, version, state, state_hash)
          WHERE a.stream_id = r.stream_id AND a.version = r.version`,
        [
          rows.map((row) => row.stream_id),
          rows.map((row) => row.version),
          states.map((state) => canonicalJson(state)),
          states.map((state) => hashState(state)),
        ],
      );
      const last = rows[rows.length - 1];
      after = { streamId: last.stream_id, version: last.version };
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE oms_aggregate_states SET state = state - 'polled', state_hash = ${STATE_HASH(`state - 'polled'`)}
        WHERE stream_type = 'futures-balance'`,
    );
    // Checkpoints keep the field: the older code's fold never reads it.
  }
}
