import { FuturesPositionState, positionStreamId } from '@oms/domain';
import { DataSource } from 'typeorm';

export interface PositionKey {
  readonly account: string;
  readonly symbol: string;
  readonly side: 'LONG' | 'SHORT';
}

/**
 * The position aggregates' current states (kept by the fold beside the events), by
 * stream id: their fills carry the contract multiplier the P&L needs.
 */
export async function loadPositionStates(
  dataSource: DataSource,
  keys: readonly PositionKey[],
): Promise<Map<string, FuturesPositionState>> {
  if (keys.length === 0) return new Map();
  const streamIds = keys.map((key) => positionStreamId(key.account, key.symbol, key.side));
  const rows = await dataSource.query<Array<{ stream_id: string; state: FuturesPositionState }>>(
    `SELECT stream_id, state FROM oms_aggregate_states WHERE stream_id = ANY($1)`,
    [streamIds],
  );
  return new Map(rows.map((row) => [row.stream_id, row.state]));
}
