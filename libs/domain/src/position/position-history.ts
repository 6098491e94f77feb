import { assertNever } from '../shared/decider';
import { PositionSide } from '../shared/stream-ids';
import { compareByTimeThenId } from '../shared/sorted-by-time';
import { EMPTY_POSITION_TOTALS, settleFill } from './position-totals';
import {
  FundingPayment,
  FuturesPositionEvent,
  FuturesPositionState,
  PositionFill,
} from './futures-position.types';

/** Every fill (latest report of each, retired ones left out) and funding payment of a position. */
export interface PositionHistory {
  readonly accountId: string | null;
  readonly symbol: string | null;
  readonly side: PositionSide | null;
  readonly fills: readonly PositionFill[];
  readonly funding: readonly FundingPayment[];
}

/** The history of a position from its events in stream order (for reports over a past period). */
export function positionHistoryOf(events: Iterable<FuturesPositionEvent>): PositionHistory {
  let key: Pick<PositionHistory, 'accountId' | 'symbol' | 'side'> = {
    accountId: null,
    symbol: null,
    side: null,
  };
  const fills = new Map<string, PositionFill>();
  const funding = new Map<string, FundingPayment>();
  for (const event of events) {
    switch (event.type) {
      case 'PositionFillRecorded': {
        const { fill } = event.data;
        if (key.accountId === null)
          key = { accountId: event.data.accountId, symbol: event.data.symbol, side: event.data.side };
        const known = fills.get(fill.fillId);
        if (!(fill.inferred && known !== undefined && !known.inferred)) fills.set(fill.fillId, fill);
        break;
      }
      case 'PositionFillRetired':
        fills.delete(event.data.fillId);
        break;
      case 'FundingPaymentRecorded':
        funding.set(event.data.payment.fundingId, event.data.payment);
        break;
      case 'FuturesPositionObserved':
      case 'ReconciliationBreakDetected':
      case 'ReconciliationBreakResolved':
        break;
      default:
        assertNever(event, 'position event');
    }
  }
  return { ...key, fills: [...fills.values()], funding: [...funding.values()] };
}

/** Fills in (time, fillId) order, the order a position figures them in. */
export function figuringOrder(fills: readonly PositionFill[]): PositionFill[] {
  return [...fills].sort((left, right) =>
    compareByTimeThenId({ time: left.time, id: left.fillId }, { time: right.time, id: right.fillId }),
  );
}

/**
 * A position state holding the whole history as settled totals (inferred fills kept
 * apart, as the live state keeps them), for futuresPositionPnl over any period's fills.
 */
export function positionStateOfHistory(history: PositionHistory): FuturesPositionState {
  const real = figuringOrder(history.fills.filter((fill) => !fill.inferred));
  return {
    accountId: history.accountId,
    symbol: history.symbol,
    side: history.side,
    settled: real.reduce(settleFill, EMPTY_POSITION_TOTALS),
    recent: [],
    inferred: figuringOrder(history.fills.filter((fill) => fill.inferred)),
    funding: [...history.funding].sort((left, right) =>
      compareByTimeThenId({ time: left.time, id: left.fundingId }, { time: right.time, id: right.fundingId }),
    ),
    venue: null,
    breaks: {},
  };
}
