import {
  applyTrade,
  averageOpenPrice,
  canonicalDecimal,
  Dec,
  EMPTY_LEDGER,
  FuturesPositionState,
  LedgerState,
  openQuantity,
  PositionFill,
  positionEffect,
} from '@oms/domain';

/** The position figures of rm_positions, as libs/domain's futuresPositionPnl gives them. */
export interface PositionFigures {
  readonly contracts: string;
  readonly avgPrice: string | null;
  readonly realizedPnl: string;
  readonly fees: string;
  readonly funding: string;
}

interface Folded {
  readonly fills: readonly PositionFill[];
  readonly ledger: LedgerState;
  readonly fees: Dec;
}

const MAX_POSITIONS = 5_000;

/**
 * rm_positions figures kept incrementally per position: when a state's fills are the
 * previous state's (the same objects, as evolve shares them) plus fills appended after
 * them in time, only the new fills go through the average-cost ledger, in the order
 * libs/domain's foldPosition uses, so the figures are those of a full fold; any other
 * change (a late fill, a merged report, another process's state) folds in full. Null when
 * a fee or funding amount is not in the settlement asset (the caller uses the domain's
 * report instead).
 */
export class PositionFiguresCache {
  private readonly folded = new Map<string, Folded>();

  figures(streamId: string, state: FuturesPositionState, settlementAsset: string): PositionFigures | null {
    if (state.funding.some((payment) => payment.asset !== settlementAsset)) return null;
    const previous = this.folded.get(streamId);
    const start = previous !== undefined && extends_(previous.fills, state.fills) ? previous.fills.length : 0;
    let ledger = start === 0 ? EMPTY_LEDGER : previous!.ledger;
    let fees = start === 0 ? new Dec(0) : previous!.fees;
    for (let index = start; index < state.fills.length; index += 1) {
      const fill = state.fills[index];
      if (fill.fee !== null) {
        if (fill.fee.asset !== settlementAsset) {
          this.folded.delete(streamId);
          return null;
        }
        fees = fees.plus(fill.fee.amount);
      }
      const base = new Dec(fill.contracts).times(fill.contractMultiplier);
      const { position, opens } = positionEffect(fill.orderSide);
      const sign = (position === 'LONG') === opens ? 1 : -1;
      const value = base.times(fill.price);
      ledger = applyTrade(
        ledger,
        { quantity: base.times(sign), rawValue: value, effectiveValue: value },
        'average-cost',
      ).ledger;
    }
    this.remember(streamId, { fills: state.fills, ledger, fees });
    const multiplier = state.fills.at(-1)?.contractMultiplier ?? '1';
    const contracts = canonicalDecimal(openQuantity(ledger).abs().dividedBy(multiplier));
    let funding = new Dec(0);
    for (const payment of state.funding) funding = funding.plus(payment.amount);
    return {
      contracts,
      avgPrice: contracts === '0' ? null : canonicalDecimal(averageOpenPrice(ledger, 'rawValue')),
      realizedPnl: canonicalDecimal(ledger.realizedGross),
      fees: canonicalDecimal(fees),
      funding: canonicalDecimal(funding),
    };
  }

  private remember(streamId: string, folded: Folded): void {
    this.folded.delete(streamId);
    this.folded.set(streamId, folded);
    for (const key of this.folded.keys()) {
      if (this.folded.size <= MAX_POSITIONS) break;
      this.folded.delete(key);
    }
  }
}

/** True when `next` is `previous` with entries appended (the same objects first, in order). */
function extends_(previous: readonly PositionFill[], next: readonly PositionFill[]): boolean {
  if (next.length < previous.length || previous.length === 0) return false;
  for (let index = previous.length - 1; index >= 0; index -= 1)
    if (next[index] !== previous[index]) return false;
  return true;
}
