import { sameState } from '../shared/same-state';
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
export type FuturesBalanceState = BalanceState<FuturesBalanceObservation>;

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
>(
  read: (value: unknown) => Observation,
  toEvent: (observation: Observation) => Event,
): Decider<Command, Event, BalanceState<Observation>> {
  const evolve = (state: BalanceState<Observation>, event: Event): BalanceState<Observation> => ({
    accountId: state.accountId ?? event.data.accountId,
    asset: state.asset ?? event.data.asset,
    latest: laterBalance(state.latest, event.data),
  });
  return {
    initialState: { accountId: null, asset: null, latest: null },
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
  SpotBalanceObserved
>(readSpotBalanceObservation, (data) => ({ type: 'SpotBalanceObserved', schemaVersion: 1, data }));

export const futuresBalanceDecider = createBalanceDecider<
  FuturesBalanceObservation,
  RecordFuturesBalanceObservation,
  FuturesBalanceObserved
>(readFuturesBalanceObservation, (data) => ({ type: 'FuturesBalanceObserved', schemaVersion: 1, data }));
