import {
  DomainError,
  FuturesPositionState,
  foldPosition,
  futuresPositionPnl,
  latestVenueSnapshots,
  unsettledFills,
} from '@oms/domain';

export interface PositionRow {
  readonly account: string;
  readonly symbol: string;
  readonly side: 'LONG' | 'SHORT';
  readonly contracts: string;
  readonly avgPrice: string | null;
  readonly realizedPnl: string;
  readonly fees: string;
  readonly funding: string;
  readonly venue: unknown;
  readonly breakId: string | null;
  readonly streamVersion: number;
  readonly updatedAt: number;
}

/**
 * The settlement asset of a perpetual: the quote of `BASEQUOTE-PERPETUAL` (USDT on this
 * venue), as its fees are charged in. The earliest fee asset known, so the choice does
 * not depend on which fills are still kept as fills.
 */
function settlementAsset(state: FuturesPositionState): string {
  const settled = Object.keys(state.settled.fees).sort()[0];
  const feeAsset = settled ?? unsettledFills(state).find((fill) => fill.fee !== null)?.fee?.asset;
  return feeAsset ?? 'USDT';
}

/**
 * The venue snapshot a row shows: of the snapshots with the latest stamp (changes within
 * one millisecond), the one whose contracts the OMS's figure agrees with, else the latest.
 */
function shownVenueSnapshot(state: FuturesPositionState, contracts: string) {
  const snapshots = latestVenueSnapshots(state);
  if (snapshots.length === 0) return null;
  const shown = snapshots.find((snapshot) => snapshot.position === contracts) ?? snapshots[0];
  return {
    contracts: shown.position,
    avgPrice: shown.avgPrice,
    realizedPnl: shown.realizedPnl,
    updatedAt: new Date(shown.updateTime).toISOString(),
  };
}

/** The rm_positions row of a position aggregate; null until it has a key. */
export function positionRowOf(
  streamId: string,
  version: number,
  state: FuturesPositionState,
  updatedAt: number,
): PositionRow | null {
  if (state.accountId === null || state.symbol === null || state.side === null) return null;
  const openBreak = Object.values(state.breaks)
    .filter((item) => item.resolution === null)
    .sort((a, b) => (a.breakId < b.breakId ? -1 : 1))[0];
  const common = {
    account: state.accountId,
    symbol: state.symbol,
    side: state.side,
    breakId: openBreak ? `${streamId}#${openBreak.breakId}` : null,
    streamVersion: version,
    updatedAt,
  };
  const pnl = futuresPositionPnl(state, { markPrice: null, settlementAsset: settlementAsset(state) });
  if (pnl instanceof DomainError) {
    const contracts = foldPosition(state).contracts.toFixed();
    return {
      ...common,
      contracts,
      venue: shownVenueSnapshot(state, contracts),
      avgPrice: null,
      realizedPnl: '0',
      fees: '0',
      funding: '0',
    };
  }
  return {
    ...common,
    contracts: pnl.contracts,
    venue: shownVenueSnapshot(state, pnl.contracts),
    avgPrice: pnl.contracts === '0' ? null : pnl.averageEntryPrice,
    realizedPnl: pnl.realizedPnl,
    fees: pnl.feesPaid,
    funding: pnl.fundingPnl,
  };
}
