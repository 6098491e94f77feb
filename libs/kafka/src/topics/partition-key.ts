import { EventEnvelope } from '../envelope/event-envelope';

function checkPart(name: string, value: string): string {
  if (!value || /[:\s]/.test(value)) throw new Error(`${name} "${value}" cannot be part of a partition key`);
  return value;
}

/** Orders, fills and positions of one instrument share a partition, so their history is ordered. */
export function instrumentPartitionKey(accountId: string, symbol: string): string {
  return `${checkPart('accountId', accountId)}:${checkPart('symbol', symbol)}`;
}

/** Balance events are ordered per account and asset. */
export function balancePartitionKey(accountId: string, asset: string): string {
  return `${checkPart('accountId', accountId)}:${checkPart('asset', asset)}`;
}

/** The default key of an envelope: `accountId:symbol` (the symbol field holds the asset for balances). */
export function partitionKeyOf(envelope: Pick<EventEnvelope, 'accountId' | 'symbol'>): string {
  return instrumentPartitionKey(envelope.accountId, envelope.symbol);
}
