import { Dec } from '../shared/decimal';

/**
 * Realized P&L by lots, shared by spot reports and futures positions.
 *
 * Every trade moves the inventory by a signed quantity (base units). A trade first
 * closes lots on the opposite side (oldest first for FIFO; the single averaged lot for
 * average cost), realizing P&L on them, and opens a new lot with whatever is left -
 * which is how a sell larger than the long position flips it short.
 *
 * Lots and trades carry total values, not unit prices: a partial close takes a
 * pro-rata share (the only division), and the last piece takes exactly what is left,
 * so a position that closes completely realizes exactly its cash flows.
 *
 * Two bases are kept side by side: raw (trade price times quantity, for gross P&L and
 * the average entry the venue reports) and effective (the trade's cash including
 * fees, for P&L net of fees). Fees on an opening trade therefore raise the cost of
 * what was bought (or lower the proceeds of a short sale), fees on a closing trade
 * lower what is realized, and a flipping trade's fee is spread over its quantity.
 */
export type CostMethod = 'average-cost' | 'fifo';

export interface LedgerTrade {
  /** Signed inventory change: positive buys, negative sells. Never zero. */
  readonly quantity: Dec;
  /** Trade price times |quantity|. */
  readonly rawValue: Dec;
  /** Cash paid (buy) or received (sell), fees included; positive. */
  readonly effectiveValue: Dec;
}

export interface Lot {
  readonly side: 'long' | 'short';
  readonly quantity: Dec;
  readonly rawValue: Dec;
  readonly effectiveValue: Dec;
}

export interface LedgerState {
  readonly lots: readonly Lot[];
  readonly realizedGross: Dec;
  readonly realizedNet: Dec;
}

export const EMPTY_LEDGER: LedgerState = { lots: [], realizedGross: new Dec(0), realizedNet: new Dec(0) };

export interface TradeOutcome {
  readonly ledger: LedgerState;
  readonly closedQuantity: Dec;
  readonly realizedGross: Dec;
  readonly realizedNet: Dec;
}

interface Values {
  readonly quantity: Dec;
  readonly rawValue: Dec;
  readonly effectiveValue: Dec;
}

/** Takes `take` out of `from`: the exact remainder when it is all, else a pro-rata share. */
function share(from: Values, take: Dec): { readonly taken: Values; readonly left: Values } {
  if (take.greaterThanOrEqualTo(from.quantity)) {
    return { taken: from, left: { quantity: new Dec(0), rawValue: new Dec(0), effectiveValue: new Dec(0) } };
  }
  const raw = from.rawValue.times(take).dividedBy(from.quantity);
  const effective = from.effectiveValue.times(take).dividedBy(from.quantity);
  return {
    taken: { quantity: take, rawValue: raw, effectiveValue: effective },
    left: {
      quantity: from.quantity.minus(take),
      rawValue: from.rawValue.minus(raw),
      effectiveValue: from.effectiveValue.minus(effective),
    },
  };
}

/** What one trade closed and realized. */
export type TradeRealized = Omit<TradeOutcome, 'ledger'>;

/** Closed lots are dropped from the front of the queue once this many have gathered. */
const CLOSED_LOTS_KEPT = 1_024;

/**
 * A ledger one owner moves forward in place (a report's folding): the open lots are a
 * queue whose closed front is skipped, not shifted off, so a trade costs what it closes,
 * not the number of lots open (FIFO keeps a lot per opening trade, and an account that
 * buys more than it sells gathers tens of thousands).
 */
export class LedgerInPlace {
  private lots: Lot[];
  /** The first open lot: those before it are closed. */
  private head = 0;
  private gross: Dec;
  private net: Dec;

  constructor(from: LedgerState = EMPTY_LEDGER) {
    this.lots = [...from.lots];
    this.gross = from.realizedGross;
    this.net = from.realizedNet;
  }

  /** The ledger now (a copy of its open lots). */
  get state(): LedgerState {
    return { lots: this.lots.slice(this.head), realizedGross: this.gross, realizedNet: this.net };
  }

  apply(trade: LedgerTrade, method: CostMethod): TradeRealized {
    const side: Lot['side'] = trade.quantity.greaterThan(0) ? 'long' : 'short';
    let remaining: Values = {
      quantity: trade.quantity.abs(),
      rawValue: trade.rawValue,
      effectiveValue: trade.effectiveValue,
    };
    const lots = this.lots;
    let gross = new Dec(0);
    let net = new Dec(0);
    let closed = new Dec(0);
    while (remaining.quantity.greaterThan(0) && this.head < lots.length && lots[this.head].side !== side) {
      const lot = lots[this.head];
      const take = Dec.min(remaining.quantity, lot.quantity);
      const fromLot = share(lot, take);
      const fromTrade = share(remaining, take);
      // A long lot realizes sale value minus cost; a short lot, sale value minus buy-back cost.
      const direction = lot.side === 'long' ? 1 : -1;
      gross = gross.plus(fromTrade.taken.rawValue.minus(fromLot.taken.rawValue).times(direction));
      net = net.plus(fromTrade.taken.effectiveValue.minus(fromLot.taken.effectiveValue).times(direction));
      closed = closed.plus(take);
      remaining = fromTrade.left;
      if (fromLot.left.quantity.isZero()) this.head += 1;
      else lots[this.head] = { side: lot.side, ...fromLot.left };
    }
    if (this.head >= CLOSED_LOTS_KEPT && this.head * 2 >= lots.length) {
      this.lots = lots.slice(this.head);
      this.head = 0;
    }
    if (remaining.quantity.greaterThan(0)) {
      const opened: Lot = { side, ...remaining };
      if (method === 'average-cost' && this.lots.length - this.head === 1) {
        const lot = this.lots[this.head];
        this.lots[this.head] = {
          side,
          quantity: lot.quantity.plus(opened.quantity),
          rawValue: lot.rawValue.plus(opened.rawValue),
          effectiveValue: lot.effectiveValue.plus(opened.effectiveValue),
        };
      } else {
        this.lots.push(opened);
      }
    }
    this.gross = this.gross.plus(gross);
    this.net = this.net.plus(net);
    return { closedQuantity: closed, realizedGross: gross, realizedNet: net };
  }
}

/** One trade on a ledger, leaving it as it was (the open lots are copied). */
export function applyTrade(ledger: LedgerState, trade: LedgerTrade, method: CostMethod): TradeOutcome {
  const working = new LedgerInPlace(ledger);
  const realized = working.apply(trade, method);
  return { ledger: working.state, ...realized };
}

/** Signed open quantity: positive long, negative short. */
export function openQuantity(ledger: LedgerState): Dec {
  return ledger.lots.reduce(
    (total, lot) => (lot.side === 'long' ? total.plus(lot.quantity) : total.minus(lot.quantity)),
    new Dec(0),
  );
}

/** Value-weighted average price of the open lots; zero when flat. */
export function averageOpenPrice(ledger: LedgerState, basis: 'rawValue' | 'effectiveValue'): Dec {
  const quantity = openQuantity(ledger).abs();
  if (quantity.isZero()) return new Dec(0);
  return ledger.lots.reduce((total, lot) => total.plus(lot[basis]), new Dec(0)).dividedBy(quantity);
}

/** What closing every open lot at `mark` would realize, on the given basis. */
export function unrealizedAt(ledger: LedgerState, mark: Dec, basis: 'rawValue' | 'effectiveValue'): Dec {
  return ledger.lots.reduce((total, lot) => {
    const direction = lot.side === 'long' ? 1 : -1;
    return total.plus(mark.times(lot.quantity).minus(lot[basis]).times(direction));
  }, new Dec(0));
}

export function lotPrice(lot: Lot, basis: 'rawValue' | 'effectiveValue'): Dec {
  return lot[basis].dividedBy(lot.quantity);
}
