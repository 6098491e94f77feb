import { canonicalJson } from '../shared/canonical-json';
import { assertNever } from '../shared/decider';
import { sourceRank } from '../observations/observation-source';
import { FuturesPositionObservation } from '../observations/futures-position-observed';
import { evolveSubmissionLifecycle } from '../orders/order-core.evolve';
import { compareText } from '../orders/order-status';
import { upsertSorted } from './sorted-by-time';
import {
  FundingPayment,
  FuturesPositionEvent,
  FuturesPositionState,
  PositionFill,
} from './futures-position.types';

function laterPositionSnapshot(
  current: FuturesPositionObservation | null,
  incoming: FuturesPositionObservation,
): FuturesPositionObservation {
  if (current === null) return incoming;
  const order =
    incoming.updateTime - current.updateTime ||
    sourceRank(incoming.source) - sourceRank(current.source) ||
    compareText(canonicalJson(incoming), canonicalJson(current));
  return order > 0 ? incoming : current;
}

export function findFill(state: FuturesPositionState, fillId: string): PositionFill | undefined {
  return state.fills.find((fill) => fill.fillId === fillId);
}

const fillKey = (fill: PositionFill) => ({ time: fill.time, id: fill.fillId });
const fundingKey = (payment: FundingPayment) => ({ time: payment.time, id: payment.fundingId });

/**
 * Order-independent: fills and funding are sets keyed by venue id, the snapshot is the
 * latest by venue time. A real fill replaces an inferred one of the same id.
 */
export function evolvePosition(
  state: FuturesPositionState,
  event: FuturesPositionEvent,
): FuturesPositionState {
  switch (event.type) {
    case 'PositionFillRecorded': {
      const existing = findFill(state, event.data.fill.fillId);
      const keep = existing !== undefined && !existing.inferred && event.data.fill.inferred;
      return {
        ...state,
        accountId: state.accountId ?? event.data.accountId,
        symbol: state.symbol ?? event.data.symbol,
        side: state.side ?? event.data.side,
        fills: keep ? state.fills : upsertSorted(state.fills, event.data.fill, fillKey),
      };
    }
    case 'PositionFillRetired': {
      return { ...state, fills: state.fills.filter((fill) => fill.fillId !== event.data.fillId) };
    }
    case 'FuturesPositionObserved':
      return {
        ...state,
        accountId: state.accountId ?? event.data.accountId,
        symbol: state.symbol ?? event.data.symbol,
        side: state.side ?? event.data.side,
        venue: laterPositionSnapshot(state.venue, event.data),
      };
    case 'FundingPaymentRecorded':
      return { ...state, funding: upsertSorted(state.funding, event.data.payment, fundingKey) };
    case 'ReconciliationBreakDetected':
    case 'ReconciliationBreakResolved':
      return evolveBreaks(state, event);
    default:
      return assertNever(event, 'position event');
  }
}

function evolveBreaks(
  state: FuturesPositionState,
  event: Extract<
    FuturesPositionEvent,
    { type: 'ReconciliationBreakDetected' | 'ReconciliationBreakResolved' }
  >,
): FuturesPositionState {
  const lifecycle = evolveSubmissionLifecycle(
    {
      clientOrderId: null,
      orderId: null,
      submission: { phase: 'none' },
      cancel: { phase: 'none' },
      breaks: state.breaks,
    },
    event,
  );
  return { ...state, breaks: lifecycle.breaks };
}
