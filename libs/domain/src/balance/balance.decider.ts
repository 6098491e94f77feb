import { sameState } from '../shared/same-state';
import { canonicalDecimal, Dec } from '../shared/decimal';
import { canonicalJson } from '../shared/canonical-json';
import { Decider } from '../shared/decider';
import { DomainError, DomainErrorCode, refusalAsValue, requireCommand } from '../shared/domain-error';
import { ObservationSource, sourceRank } from '../observations/observation-source';
import {
  FuturesBalanceObservation,
  FuturesBalanceObserved,
  SpotBalanceObservation,
  SpotBalanceObserved,
  readFuturesBalanceObservation,
  readSpotBalanceObservation,
} from '../observations/balance-observed';
import { requireTime } from '../orders/order-decision-support';
import { compareText } from '../orders/order-status';

interface BalanceObservationCore {
  readonly accountId: string;
  readonly asset: string;
  readonly venueTime: number;
  readonly source: ObservationSource;
}

/** One asset's balance in one account: the venue's latest report (later venue time wins). */
export interface BalanceState<Observation> {
  readonly accountId: string | null;
  readonly asset: string | null;
  readonly latest: Observation | null;
}

export type SpotBalanceState = BalanceState<SpotBalanceObservation>;

/**
 * A futures balance also keeps the latest polled report: only a poll carries the wallet
 * balance. The stream's `f` + `l` is the available balance plus margins, which counts
 * unrealized P&L, so a stream report cannot say what the wallet holds.
 */
export interface FuturesBalanceState extends BalanceState<FuturesBalanceObservation> {
  readonly polled: FuturesBalanceObservation | null;
}

export interface RecordSpotBalanceObservation {
  readonly type: 'RecordSpotBalanceObservation';
  readonly observation: SpotBalanceObservation;
  readonly now: number;
}

export interface RecordFuturesBalanceObservation {
  readonly type: 'RecordFuturesBalanceObservation';
  readonly observation: FuturesBalanceObservation;
  readonly now: number;
}

function laterBalance<O extends BalanceObservationCore>(current: O | null, incoming: O): O {
  if (current === null) return incoming;
  const order =
    incoming.venueTime - current.venueTime ||
    sourceRank(incoming.source) - sourceRank(current.source) ||
    compareText(canonicalJson(incoming), canonicalJson(current));
  return order > 0 ? incoming : current;
}

function createBalanceDecider<
  Observation extends BalanceObservationCore,
  Command extends { readonly observation: Observation; readonly now: number },
  Event extends { readonly data: Observation },
  State extends BalanceState<Observation>,
>(
  read: (value: unknown) => Observation,
  toEvent: (observation: Observation) => Event,
  initialState: State,
  evolveMore: (state: State, observation: Observation) => Omit<State, keyof BalanceState<Observation>>,
): Decider<Command, Event, State> {
  const evolve = (state: State, event: Event): State =>
    ({
      ...evolveMore(state, event.data),
      accountId: state.accountId ?? event.data.accountId,
      asset: state.asset ?? event.data.asset,
      latest: laterBalance(state.latest, event.data),
    }) as State;
  return {
    initialState,
    evolve,
    decide: (command, state) =>
      refusalAsValue(() => {
        requireTime(requireCommand(command).now);
        const observation = read(command.observation);
        if (
          (state.accountId !== null && state.accountId !== observation.accountId) ||
          (state.asset !== null && state.asset !== observation.asset)
        ) {
          throw new DomainError(
            DomainErrorCode.ObservationForAnotherStream,
            `${observation.accountId} ${observation.asset} is not balance ${state.accountId} ${state.asset}`,
            'observation.asset',
          );
        }
        const event = toEvent(observation);
        return sameState(evolve(state, event), state) ? [] : [event];
      }),
  };
}

export const spotBalanceDecider = createBalanceDecider<
  SpotBalanceObservation,
  RecordSpotBalanceObservation,
  SpotBalanceObserved,
  SpotBalanceState
>(
  readSpotBalanceObservation,
  (data) => ({ type: 'SpotBalanceObserved', schemaVersion: 1, data }),
  { accountId: null, asset: null, latest: null },
  () => ({}),
);

export const futuresBalanceDecider = createBalanceDecider<
  FuturesBalanceObservation,
  RecordFuturesBalanceObservation,
  FuturesBalanceObserved,
  FuturesBalanceState
>(
  readFuturesBalanceObservation,
  (data) => ({ type: 'FuturesBalanceObserved', schemaVersion: 1, data }),
  { accountId: null, asset: null, latest: null, polled: null },
  (state, observation) => ({
    polled: observation.source === 'ws' ? state.polled : laterBalance(state.polled, observation),
  }),
);

/** A balance as desks read it: what is free, what is locked, the total, and when the venue said so. */
export interface BalanceFigures {
  readonly free: string;
  readonly locked: string;
  readonly total: string;
  readonly venueTime: number;
}

/** Spot: the latest report's free and locked; the total is their sum. */
export function spotBalanceFigures(state: SpotBalanceState): BalanceFigures | null {
  const latest = state.latest;
  if (latest === null) return null;
  return {
    free: latest.free,
    locked: latest.locked,
    total: canonicalDecimal(new Dec(latest.free).plus(latest.locked)),
    venueTime: latest.venueTime,
  };
}

/**
 * Futures: free is the latest available balance (which counts unrealized P&L), locked
 * the latest position and order margin, and the total the wallet balance of the latest
 * poll (which does not); so free + locked = total + unrealized P&L. Before any poll the
 * total is what the stream gives, available plus margins.
 */
export function futuresBalanceFigures(state: FuturesBalanceState): BalanceFigures | null {
  const latest = state.latest;
  if (latest === null) return null;
  const margins =
    latest.positionMargin !== null && latest.orderMargin !== null
      ? new Dec(latest.positionMargin).plus(latest.orderMargin)
      : new Dec(latest.walletBalance).minus(latest.available);
  return {
    free: latest.available,
    locked: margins.isNegative() ? '0' : canonicalDecimal(margins),
    total: (state.polled ?? latest).walletBalance,
    venueTime: latest.venueTime,
  };
}
