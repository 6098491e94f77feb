import { canonicalJson } from '../shared/canonical-json';
import { Dec, canonicalDecimal } from '../shared/decimal';
import { invalidField } from '../shared/domain-error';
import { FieldReader } from '../shared/field-reader';
import { Fee, OBSERVATION_SOURCES, ObservationSource, readFee } from '../observations/observation-source';
import { compareText } from './order-status';

/**
 * A fill of one order as the OMS knows it, whichever source(s) reported it. Quantity is
 * in the order's unit: base units for spot, contracts for futures.
 */
export interface OrderFill {
  /** Spot `ticketId` (WS `T`); futures: futuresFillId. */
  readonly fillId: string;
  readonly price: string;
  readonly qty: string;
  readonly fee: Fee | null;
  readonly isMaker: boolean | null;
  readonly time: number;
  /** Futures only: the venue's realized P&L for this fill. */
  readonly realizedPnl: string | null;
  /** Every source that reported this fill, sorted. */
  readonly sources: readonly ObservationSource[];
}

/**
 * A fill the OMS infers because the order's cumulative executed quantity is ahead of
 * the fills it has seen. Its id is derived from the quantities it covers, so the same
 * gap always infers the same fill; it is retired once real fills cover the gap.
 */
export interface InferredFill {
  readonly fillId: string;
  /** Null when neither a cumulative quote value, an average nor a limit price is known. */
  readonly price: string | null;
  readonly qty: string;
  readonly executedQty: string;
  readonly realFilledQty: string;
}

/** Reads a fill handed in from outside the state (a recorded report the caller looked up). */
export function readOrderFill(value: unknown, path: string): OrderFill {
  const reader = FieldReader.of(value, path);
  const sources = reader.raw('sources');
  if (
    !Array.isArray(sources) ||
    sources.length === 0 ||
    !sources.every((source) => (OBSERVATION_SOURCES as readonly unknown[]).includes(source))
  ) {
    throw invalidField(`${path}.sources`, `must be a non-empty list of ${OBSERVATION_SOURCES.join(', ')}`);
  }
  return {
    fillId: reader.string('fillId'),
    price: reader.decimal('price', 'positive'),
    qty: reader.decimal('qty', 'positive'),
    fee: readFee(reader, 'fee'),
    isMaker: reader.optionalBoolean('isMaker'),
    time: reader.time('time'),
    realizedPnl: reader.optionalDecimal('realizedPnl', 'any'),
    sources: [...(sources as ObservationSource[])].sort(),
  };
}

export interface FillMerge {
  readonly fill: OrderFill;
  /** True when two reports of one fill disagree on price, quantity or fee. */
  readonly contradicts: boolean;
}

/**
 * Merges two reports of the same fill. Missing details (the WS fill has no fee) are
 * taken from whichever report has them. On a contradiction the result is still
 * deterministic (the canonically smaller report wins) and the caller raises a break.
 */
export function mergeFillReports(existing: OrderFill, incoming: OrderFill): FillMerge {
  const priceOrQtyDiffer = existing.price !== incoming.price || existing.qty !== incoming.qty;
  const feesDiffer =
    existing.fee !== null &&
    incoming.fee !== null &&
    canonicalJson(existing.fee) !== canonicalJson(incoming.fee);
  const [first, second] =
    compareText(canonicalJson(core(existing)), canonicalJson(core(incoming))) <= 0
      ? [existing, incoming]
      : [incoming, existing];
  return {
    fill: {
      fillId: existing.fillId,
      price: first.price,
      qty: first.qty,
      fee: first.fee ?? second.fee,
      isMaker: first.isMaker ?? second.isMaker,
      time: Math.min(existing.time, incoming.time),
      realizedPnl: first.realizedPnl ?? second.realizedPnl,
      sources: [...new Set([...existing.sources, ...incoming.sources])].sort(),
    },
    contradicts: priceOrQtyDiffer || feesDiffer,
  };
}

function core(fill: OrderFill): unknown {
  return { price: fill.price, qty: fill.qty, fee: fill.fee };
}

/**
 * The fill that must be inferred for an order, given everything known: none when the
 * real fills cover the executed quantity. Price, in order of preference: the part of
 * the cumulative quote value not covered by real fills, the average price applied
 * the same way, the average price itself, the limit price.
 */
export function requiredInferredFill(input: {
  readonly orderKey: string;
  readonly executedQty: string;
  readonly cumulativeQuoteQty: string | null;
  readonly avgPrice: string | null;
  readonly limitPrice: string | null;
  /** What the real fills add up to (quantity, and price x quantity). */
  readonly real: { readonly qty: Dec; readonly quote: Dec };
}): InferredFill | null {
  const realFilledQty = canonicalDecimal(input.real.qty);
  const gap = new Dec(input.executedQty).minus(realFilledQty);
  if (gap.lessThanOrEqualTo(0)) return null;
  const realQuote = input.real.quote;
  let price: Dec | null = null;
  if (input.cumulativeQuoteQty !== null) {
    const remainingQuote = new Dec(input.cumulativeQuoteQty).minus(realQuote);
    if (remainingQuote.greaterThan(0)) price = remainingQuote.dividedBy(gap);
  }
  if (price === null && input.avgPrice !== null) {
    const remainingQuote = new Dec(input.avgPrice).times(input.executedQty).minus(realQuote);
    price = remainingQuote.greaterThan(0) ? remainingQuote.dividedBy(gap) : new Dec(input.avgPrice);
  }
  if (price === null && input.limitPrice !== null && new Dec(input.limitPrice).greaterThan(0)) {
    price = new Dec(input.limitPrice);
  }
  return {
    fillId: `inferred:${input.orderKey}:${input.executedQty}:${realFilledQty}`,
    price: price === null ? null : canonicalDecimal(price),
    qty: canonicalDecimal(gap),
    executedQty: input.executedQty,
    realFilledQty,
  };
}
