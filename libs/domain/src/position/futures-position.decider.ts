import { sameState } from '../shared/same-state';
import { decideBreakResolution } from '../orders/break-resolution.decide';
import { canonicalJson } from '../shared/canonical-json';
import { Decider } from '../shared/decider';
import {
  DomainError,
  DomainErrorCode,
  invalidField,
  refusalAsValue,
  unknownCommand,
  requireCommand,
} from '../shared/domain-error';
import { FieldReader } from '../shared/field-reader';
import { readFee } from '../observations/observation-source';
import { FUTURES_ORDER_SIDES } from '../observations/futures-order-observed';
import {
  FuturesPositionObserved,
  readFuturesPositionObservation,
} from '../observations/futures-position-observed';
import {
  ContractMultiplierLookup,
  positionEffect,
  requireContractMultiplier,
} from '../futures-order/contract-quantity';
import { requireTime } from '../orders/order-decision-support';
import {
  evolvePosition,
  findFill,
  fundingPaymentNeedsRecord,
  positionFillNeedsRecord,
} from './futures-position.evolve';
import { EMPTY_POSITION_TOTALS } from './position-totals';
import { mergePositionFills } from './position-fill-merge';
import { fillFacts, newBreaks, positionBreak, reconcilePosition } from './position-reconciliation';
import {
  FuturesPositionCommand,
  FuturesPositionEvent,
  FuturesPositionState,
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
  settled: EMPTY_POSITION_TOTALS,
  recent: [],
  inferred: [],
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
    decide: (command, state) => refusalAsValue(() => decidePosition(requireCommand(command), state, lookups)),
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
      const existing = findFill(state, fill.fillId) ?? recordedFill(state, fill, command.recorded);
      let recorded = fill;
      let replaces: PositionFill | null = null;
      if (existing !== undefined && existing.inferred === fill.inferred) {
        const merge = mergePositionFills(existing, fill);
        if (merge.contradicts) {
          return newBreaks(state, [
            positionBreak(
              state,
              `fill-contradiction:${fill.fillId}`,
              'fill-contradiction',
              fillFacts(existing),
              fillFacts(fill),
              now,
            ),
          ]);
        }
        if (canonicalJson(merge.fill) === canonicalJson(existing)) return [];
        recorded = merge.fill;
        replaces = existing;
      }
      return [
        {
          type: 'PositionFillRecorded',
          schemaVersion: 2,
          data: { accountId: input.accountId, symbol: input.symbol, side, fill: recorded, replaces },
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
      return sameState(evolvePosition(state, observed), state) ? [] : [observed];
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
      if (fundingPaymentNeedsRecord(state, payment)) {
        const recorded = command.recorded;
        if (recorded === undefined) {
          throw invalidField(
            'recorded',
            `is needed for funding ${payment.fundingId}: it is older than the payments the position keeps`,
          );
        }
        if (recorded !== null) {
          if (typeof recorded !== 'object' || recorded.fundingId !== payment.fundingId)
            throw invalidField('recorded', `is not funding ${payment.fundingId}`);
          // Funding payments are immutable venue records: a recorded one is a repeat.
          return [];
        }
      }
      return [
        {
          type: 'FundingPaymentRecorded',
          schemaVersion: 1,
          data: { accountId: command.accountId, symbol: command.symbol, side: state.side, payment },
        },
      ];
    }
    case 'ReconcilePosition':
      return reconcilePosition(
        state,
        FieldReader.of(command, 'command').decimal('realizedPnlTolerance'),
        now,
      );
    case 'ResolveReconciliationBreak':
      return [decideBreakResolution(state.breaks, command, now)];
    default:
      return unknownCommand(command);
  }
}

/**
 * The caller's recorded report of a fill older than the state's window; undefined when
 * the state tells on its own (the fill is newer than the totals, or kept).
 */
function recordedFill(
  state: FuturesPositionState,
  fill: PositionFill,
  recorded: PositionFill | null | undefined,
): PositionFill | undefined {
  if (!positionFillNeedsRecord(state, fill)) return undefined;
  if (recorded === undefined) {
    throw invalidField(
      'recorded',
      `is needed for fill ${fill.fillId}: it is older than the fills the position keeps`,
    );
  }
  if (recorded === null) return undefined;
  if (typeof recorded !== 'object' || recorded.fillId !== fill.fillId)
    throw invalidField('recorded', `is not fill ${fill.fillId}`);
  return recorded;
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
