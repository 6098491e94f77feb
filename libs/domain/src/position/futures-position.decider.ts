import { canonicalJson } from '../shared/canonical-json';
import { canonicalDecimal } from '../shared/decimal';
import { Decider, assertNever } from '../shared/decider';
import { DomainError, DomainErrorCode, invalidField, refusalAsValue } from '../shared/domain-error';
import { FieldReader } from '../shared/field-reader';
import { sourceRank, readFee } from '../observations/observation-source';
import { FUTURES_ORDER_SIDES } from '../observations/futures-order-observed';
import {
  FuturesPositionObservation,
  FuturesPositionObserved,
  readFuturesPositionObservation,
} from '../observations/futures-position-observed';
import {
  ContractMultiplierLookup,
  positionEffect,
  requireContractMultiplier,
} from '../futures-order/contract-quantity';
import { requireText, requireTime } from '../orders/order-core.decide';
import { evolveSubmissionLifecycle } from '../orders/order-core.evolve';
import { ReconciliationBreakDetected } from '../orders/order-lifecycle.events';
import { BreakFacts, ReconciliationBreakKind } from '../orders/reconciliation-break';
import { compareText } from '../orders/order-status';
import { foldPosition } from './position-ledger';
import { upsertSorted } from './sorted-by-time';
import {
  FuturesPositionCommand,
  FuturesPositionEvent,
  FuturesPositionState,
  FundingPayment,
  PositionFill,
  PositionFillInput,
} from './futures-position.types';

export interface FuturesPositionLookups {
  readonly contractMultiplier: ContractMultiplierLookup;
}

export const initialFuturesPositionState: FuturesPositionState = {
  accountId: null,
  symbol: null,
  side: null,
  fills: [],
  funding: [],
  venue: null,
  breaks: {},
};

/** One hedge-mode position (account, symbol, LONG or SHORT), folded from fills and venue snapshots. */
export function createFuturesPositionDecider(
  lookups: FuturesPositionLookups,
): Decider<FuturesPositionCommand, FuturesPositionEvent, FuturesPositionState> {
  return {
    initialState: initialFuturesPositionState,
    decide: (command, state) => refusalAsValue(() => decidePosition(command, state, lookups)),
    evolve: evolvePosition,
  };
}

function decidePosition(
  command: FuturesPositionCommand,
  state: FuturesPositionState,
  lookups: FuturesPositionLookups,
): FuturesPositionEvent[] {
  const now = requireTime(command.now);
  switch (command.type) {
    case 'RecordPositionFill': {
      const input = readPositionFill(command.fill);
      const side = positionEffect(input.orderSide).position;
      requireSamePosition(state, input.accountId, input.symbol, side);
      const fill: PositionFill = {
        fillId: input.fillId,
        orderId: input.orderId,
        orderSide: input.orderSide,
        price: input.price,
        contracts: input.contracts,
        contractMultiplier: requireContractMultiplier(lookups.contractMultiplier, input.symbol),
        fee: input.fee,
        venueRealizedPnl: input.venueRealizedPnl,
        time: input.time,
        inferred: input.inferred,
      };
      const existing = findFill(state, fill.fillId);
      if (existing !== undefined) {
        if (canonicalJson(existing) === canonicalJson(fill)) return [];
        if (existing.inferred === fill.inferred) {
          return newBreaks(state, [
            breakEvent(
              state,
              `fill-contradiction:${fill.fillId}`,
              'fill-contradiction',
              facts(existing),
              facts(fill),
              now,
            ),
          ]);
        }
      }
      return [
        {
          type: 'PositionFillRecorded',
          schemaVersion: 1,
          data: { accountId: input.accountId, symbol: input.symbol, side, fill },
        },
      ];
    }
    case 'RetireInferredPositionFill': {
      const fill = findFill(state, command.fillId);
      if (fill === undefined) return [];
      if (!fill.inferred) throw invalidField('fillId', 'names a real fill; only inferred fills are retired');
      return [
        { type: 'PositionFillRetired', schemaVersion: 1, data: { fillId: command.fillId, retiredAt: now } },
      ];
    }
    case 'RecordPositionObservation': {
      const observation = readFuturesPositionObservation(command.observation);
      requireSamePosition(state, observation.accountId, observation.symbol, observation.side);
      const observed: FuturesPositionObserved = {
        type: 'FuturesPositionObserved',
        schemaVersion: 1,
        data: observation,
      };
      return canonicalJson(evolvePosition(state, observed)) === canonicalJson(state) ? [] : [observed];
    }
    case 'RecordFundingPayment': {
      const reader = FieldReader.of(command.payment, 'payment');
      const payment = {
        fundingId: reader.string('fundingId'),
        amount: reader.decimal('amount', 'any'),
        asset: reader.string('asset'),
        rate: reader.optionalDecimal('rate', 'any'),
        time: reader.time('time'),
      };
      if (state.side === null)
        throw invalidField('payment', 'cannot be recorded before the position has a fill');
      requireSamePosition(state, command.accountId, command.symbol, state.side);
      if (state.funding.some((known) => known.fundingId === payment.fundingId)) return [];
      return [
        {
          type: 'FundingPaymentRecorded',
          schemaVersion: 1,
          data: { accountId: command.accountId, symbol: command.symbol, side: state.side, payment },
        },
      ];
    }
    case 'ReconcilePosition':
      return reconcile(state, FieldReader.of(command, 'command').decimal('realizedPnlTolerance'), now);
    case 'ResolveReconciliationBreak': {
      const existing = state.breaks[command.breakId];
      if (existing === undefined) {
        throw new DomainError(
          DomainErrorCode.UnknownReconciliationBreak,
          `no reconciliation break ${command.breakId}`,
          'breakId',
        );
      }
      if (existing.resolution !== null) {
        throw new DomainError(
          DomainErrorCode.ReconciliationBreakAlreadyResolved,
          `break ${command.breakId} was resolved already`,
          'breakId',
        );
      }
      return [
        {
          type: 'ReconciliationBreakResolved',
          schemaVersion: 1,
          data: {
            breakId: command.breakId,
            actor: requireText(command.actor, 'actor'),
            note: command.note,
            resolvedAt: now,
          },
        },
      ];
    }
    default:
      return assertNever(command, 'position command');
  }
}

function reconcile(state: FuturesPositionState, tolerance: string, now: number): FuturesPositionEvent[] {
  const events: FuturesPositionEvent[] = [];
  const venue = state.venue;
  if (venue !== null) {
    const fold = foldPosition(state, venue.updateTime);
    const computed = canonicalDecimal(fold.contracts);
    if (computed !== venue.position || !fold.overclosedContracts.isZero()) {
      events.push(
        breakEvent(
          state,
          `position-mismatch@${venue.updateTime}`,
          'position-mismatch',
          { contracts: computed, overclosedContracts: canonicalDecimal(fold.overclosedContracts) },
          { contracts: venue.position, avgPrice: venue.avgPrice, updateTime: venue.updateTime },
          now,
        ),
      );
    }
    for (const [id, found] of Object.entries(state.breaks)) {
      if (
        found.kind === 'position-mismatch' &&
        found.resolution === null &&
        computed === venue.position &&
        fold.overclosedContracts.isZero()
      ) {
        events.push({
          type: 'ReconciliationBreakResolved',
          schemaVersion: 1,
          data: {
            breakId: id,
            actor: 'reconciliation',
            note: `fills now give ${computed} contracts, as the venue`,
            resolvedAt: now,
          },
        });
      }
    }
  }
  for (const delta of foldPosition(state).realizedPnlDeltas) {
    if (delta.venue.minus(delta.computed).abs().greaterThan(tolerance)) {
      events.push(
        breakEvent(
          state,
          `realized-pnl-mismatch:${delta.fillId}`,
          'realized-pnl-mismatch',
          { realizedPnl: canonicalDecimal(delta.computed) },
          { realizedPnl: canonicalDecimal(delta.venue), fillId: delta.fillId },
          now,
        ),
      );
    }
  }
  return newBreaks(state, events);
}

function readPositionFill(value: unknown): PositionFillInput {
  const reader = FieldReader.of(value, 'fill');
  const contracts = reader.decimal('contracts', 'positive');
  return {
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    fillId: reader.string('fillId'),
    orderId: reader.string('orderId'),
    orderSide: reader.oneOf('orderSide', FUTURES_ORDER_SIDES),
    price: reader.decimal('price', 'positive'),
    contracts,
    fee: readFee(reader, 'fee'),
    venueRealizedPnl: reader.optionalDecimal('venueRealizedPnl', 'any'),
    time: reader.time('time'),
    inferred: reader.boolean('inferred'),
  };
}

function requireSamePosition(
  state: FuturesPositionState,
  accountId: string,
  symbol: string,
  side: string,
): void {
  if (
    (state.accountId !== null && state.accountId !== accountId) ||
    (state.symbol !== null && state.symbol !== symbol) ||
    (state.side !== null && state.side !== side)
  ) {
    throw new DomainError(
      DomainErrorCode.FillDoesNotMatchPosition,
      `${accountId} ${symbol} ${side} is not position ${state.accountId} ${state.symbol} ${state.side}`,
    );
  }
}

function scope(state: FuturesPositionState): string {
  return `${state.accountId ?? ''}:${state.symbol ?? ''}:${state.side ?? ''}`;
}

function breakEvent(
  state: FuturesPositionState,
  id: string,
  kind: ReconciliationBreakKind,
  oms: BreakFacts,
  venue: BreakFacts,
  now: number,
): ReconciliationBreakDetected {
  return {
    type: 'ReconciliationBreakDetected',
    schemaVersion: 1,
    data: { breakId: `${scope(state)}:${id}`, kind, oms, venue, detectedAt: now },
  };
}

function newBreaks(state: FuturesPositionState, events: FuturesPositionEvent[]): FuturesPositionEvent[] {
  const seen = new Set(Object.keys(state.breaks));
  return events.filter((event) => {
    if (event.type !== 'ReconciliationBreakDetected') return true;
    if (seen.has(event.data.breakId)) return false;
    seen.add(event.data.breakId);
    return true;
  });
}

function facts(fill: PositionFill): BreakFacts {
  return { price: fill.price, contracts: fill.contracts, orderSide: fill.orderSide, inferred: fill.inferred };
}

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

function findFill(state: FuturesPositionState, fillId: string): PositionFill | undefined {
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
