import { Dec, FuturesBalanceObservation } from '@oms/domain';

export interface FuturesBalanceFigures {
  readonly free: string;
  readonly locked: string;
  readonly total: string;
}

/**
 * A futures wallet as the desk API shows it, the same from either source: free is the
 * venue's available balance (its cross unrealized P&L included), locked the position
 * and order margin, total their sum. A poll gives the margins and the wallet balance
 * without unrealized P&L; the stream gives free and locked only, so a total of the
 * wallet balance would change with each source that wrote last.
 */
export function futuresBalanceFigures(latest: FuturesBalanceObservation): FuturesBalanceFigures {
  const locked =
    latest.positionMargin !== null && latest.orderMargin !== null
      ? new Dec(latest.positionMargin).plus(latest.orderMargin)
      : new Dec(latest.walletBalance).minus(latest.available);
  const shown = locked.isNegative() ? new Dec(0) : locked;
  return {
    free: latest.available,
    locked: shown.toFixed(),
    total: new Dec(latest.available).plus(shown).toFixed(),
  };
}
