import {
  ContractMultiplierLookup,
  createFuturesPositionDecider,
  Decider,
  DomainError,
  futuresBalanceDecider,
  futuresOrderDecider,
  futuresStopOrderDecider,
  spotBalanceDecider,
  spotOrderDecider,
  streamTypeOf,
  venueStreamDecider,
} from '@oms/domain';
import { DecidedEvent } from './decided-event';

export const AGGREGATE_KINDS = [
  'spot-order',
  'futures-order',
  'futures-stop-order',
  'position',
  'spot-balance',
  'futures-balance',
  'venue-stream',
] as const;
export type AggregateKind = (typeof AGGREGATE_KINDS)[number];

export type AnyDecider = Decider<unknown, DecidedEvent, unknown>;

export function aggregateKindOf(streamId: string): AggregateKind {
  const kind = streamTypeOf(streamId);
  if (!(AGGREGATE_KINDS as readonly string[]).includes(kind)) {
    throw new Error(`stream ${streamId} is not an OMS aggregate`);
  }
  return kind as AggregateKind;
}

export function isOrderKind(
  kind: AggregateKind,
): kind is 'spot-order' | 'futures-order' | 'futures-stop-order' {
  return kind === 'spot-order' || kind === 'futures-order' || kind === 'futures-stop-order';
}

/** The libs/domain decider of each aggregate kind; positions get the contract multipliers. */
export class AggregateDeciders {
  private readonly byKind: Readonly<Record<AggregateKind, AnyDecider>>;

  constructor(contractMultiplier: ContractMultiplierLookup) {
    const widen = <C, E, S>(decider: Decider<C, E, S>) => decider as unknown as AnyDecider;
    this.byKind = {
      'spot-order': widen(spotOrderDecider),
      'futures-order': widen(futuresOrderDecider),
      'futures-stop-order': widen(futuresStopOrderDecider),
      position: widen(createFuturesPositionDecider({ contractMultiplier })),
      'spot-balance': widen(spotBalanceDecider),
      'futures-balance': widen(futuresBalanceDecider),
      'venue-stream': widen(venueStreamDecider),
    };
  }

  of(streamId: string): AnyDecider {
    return this.byKind[aggregateKindOf(streamId)];
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
