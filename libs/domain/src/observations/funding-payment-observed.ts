import { DomainEvent } from '../shared/domain-event';
import { FieldReader } from '../shared/field-reader';
import { ObservationSource, readSource } from './observation-source';

/**
 * One funding settlement of a perpetual position as the account's ledger shows it:
 * a `GET /api/v1/account/balanceFlow` row whose flow type is a funding fee. The ledger
 * row names the coin, not the contract, so `symbol` is null when the venue does not say.
 */
export interface FundingPaymentObservation {
  readonly accountId: string;
  /** Ledger row `id`: the identity of the payment. */
  readonly flowId: string;
  /** `coin`, the settlement asset. */
  readonly asset: string;
  /** The contract, when the row names it. */
  readonly symbol: string | null;
  /** `change`: negative when the account paid, positive when it received. */
  readonly amount: string;
  /** `total`: the wallet balance after the payment. */
  readonly balanceAfter: string | null;
  /** `flowTypeValue` / `flowType` as the venue sent them. */
  readonly flowType: string;
  /** `created`. */
  readonly settledAt: number;
  readonly source: ObservationSource;
}

export type FundingPaymentObserved = DomainEvent<'FundingPaymentObserved', 1, FundingPaymentObservation>;

export function readFundingPaymentObservation(
  value: unknown,
  path = 'observation',
): FundingPaymentObservation {
  const reader = FieldReader.of(value, path);
  return {
    accountId: reader.string('accountId'),
    flowId: reader.string('flowId'),
    asset: reader.string('asset'),
    symbol: reader.optionalString('symbol'),
    amount: reader.decimal('amount', 'any'),
    balanceAfter: reader.optionalDecimal('balanceAfter', 'any'),
    flowType: reader.string('flowType'),
    settledAt: reader.time('settledAt'),
    source: readSource(reader),
  };
}

/** A ledger row is one fact: re-polled, it has the same identity. */
export function fundingPaymentObservationIdentity(event: FundingPaymentObserved): string {
  const o = event.data;
  return [event.type, o.accountId, o.asset, o.flowId, o.source].join('|');
}
