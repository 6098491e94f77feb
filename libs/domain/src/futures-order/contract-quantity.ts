import { Dec, canonicalDecimal } from '../shared/decimal';
import { DomainError, DomainErrorCode } from '../shared/domain-error';
import { FuturesOrderSide } from '../observations/futures-order-observed';
import { PositionSide } from '../shared/stream-ids';

/**
 * The venue's contract size per symbol (exchangeInfo `contractMultiplier`, e.g. 0.001
 * for ETHUSDT-PERPETUAL). Returns undefined for an unknown symbol.
 */
export type ContractMultiplierLookup = (symbol: string) => string | undefined;

export function requireContractMultiplier(lookup: ContractMultiplierLookup, symbol: string): string {
  const multiplier = lookup(symbol);
  if (multiplier === undefined || !new Dec(multiplier).greaterThan(0)) {
    throw new DomainError(
      DomainErrorCode.UnknownContractMultiplier,
      `no contract multiplier is known for ${symbol}`,
      'symbol',
    );
  }
  return canonicalDecimal(multiplier);
}

/** Base quantity = contracts x contractMultiplier. */
export function baseQuantity(contracts: string, contractMultiplier: string): string {
  return canonicalDecimal(new Dec(contracts).times(contractMultiplier));
}

/** The hedge-mode position an order side acts on, and whether it opens or closes it. */
export function positionEffect(side: FuturesOrderSide): {
  readonly position: PositionSide;
  readonly opens: boolean;
} {
  switch (side) {
    case 'BUY_OPEN':
      return { position: 'LONG', opens: true };
    case 'SELL_CLOSE':
      return { position: 'LONG', opens: false };
    case 'SELL_OPEN':
      return { position: 'SHORT', opens: true };
    case 'BUY_CLOSE':
      return { position: 'SHORT', opens: false };
  }
}
