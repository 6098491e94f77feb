import { Dec, canonicalDecimal, roundToScale } from '../shared/decimal';
import { DomainError, invalidField, refusalAsValue } from '../shared/domain-error';
import { FieldReader } from '../shared/field-reader';
import { LedgerCheckpoint, ledgerCheckpointOf, readLedgerCheckpoint } from './ledger-checkpoint';
import { compareByTimeThenId } from '../shared/sorted-by-time';
import { readFee } from '../observations/observation-source';
import { SPOT_ORDER_SIDES } from '../observations/spot-order-observed';
import { FeeAssetPrices, valueFee } from './fee-valuation';
import { utcDay } from './utc-day';
import {
  CostMethod,
  LedgerInPlace,
  averageOpenPrice,
  lotPrice,
  openQuantity,
  unrealizedAt,
} from './lot-ledger';
import type { SpotPnlFill, SpotPnlInput, SpotPnlReport } from './spot-pnl';

export interface SpotPnlFoldingOptions {
  /** Which UTC days get a byDay line; every day when absent. Totals count every fill either way. */
  readonly keepDay?: (day: string) => boolean;
}

/** Reads one untrusted fill, naming `field` (e.g. `input.fills[3]`) in any refusal. */
export function readSpotPnlFill(value: unknown, field: string): SpotPnlFill {
  const reader = FieldReader.of(value, field);
  return {
    fillId: reader.string('fillId'),
    side: reader.oneOf('side', SPOT_ORDER_SIDES),
    price: reader.decimal('price', 'positive'),
    qty: reader.decimal('qty', 'positive'),
    fee: readFee(reader, 'fee'),
    time: reader.time('time'),
  };
}

/**
 * What a spot folding holds after some fills, as plain data: a report over a later
 * period resumes from it (`SpotPnlFolding.resume`). It holds no day lines (it is taken
 * before the first day a report keeps) and only fees paid in the base or quote asset:
 * a fee in a third asset is valued at the report's prices, so a folding that met one
 * gives no checkpoint.
 */
export interface SpotPnlCheckpoint extends LedgerCheckpoint {
  readonly method: CostMethod;
  readonly feesPaid: string;
  readonly fillsCounted: number;
  readonly through: { readonly time: number; readonly fillId: string } | null;
}

interface DayTotals {
  readonly net: Dec;
  readonly gross: Dec;
  readonly fees: Dec;
}

/**
 * Spot P&L of one symbol folded one page of fills at a time, so a report over millions
 * of fills holds only the open lots, the running totals and the kept days' lines.
 *
 * Pages must continue each other in (time, fillId) order, each fillId once: a fill that
 * does not sort strictly after the one before it is refused rather than re-sorted,
 * since the folding no longer has the earlier fills to re-sort with. Once a fill is
 * refused, every later add and report returns that refusal: a report that silently
 * skipped a fill would be wrong.
 */
export class SpotPnlFolding {
  /** Moved forward in place: a trade costs what it closes, however many lots are open. */
  private ledger = new LedgerInPlace();
  private fees = new Dec(0);
  /** Filled in time order (add refuses anything else), so already in day order. */
  private readonly days = new Map<string, DayTotals>();
  private fillsCounted = 0;
  private last: { readonly time: number; readonly id: string } | null = null;
  private refusal: DomainError | null = null;
  /** Whether a fill paid its fee in neither base nor quote (valued at this report's prices). */
  private feesInThirdAsset = false;

  private constructor(
    private readonly assets: { readonly baseAsset: string; readonly quoteAsset: string },
    private readonly method: CostMethod,
    private readonly mark: Dec | null,
    private readonly scale: number | undefined,
    private readonly feeAssetPrices: FeeAssetPrices,
    private readonly keepDay: (day: string) => boolean,
  ) {}

  /** Validates the report's terms; the fills come later through add. */
  static start(
    input: Omit<SpotPnlInput, 'fills'>,
    options: SpotPnlFoldingOptions = {},
  ): SpotPnlFolding | DomainError {
    return refusalAsValue(() => {
      const reader = FieldReader.of(input, 'input');
      const baseAsset = reader.string('baseAsset');
      const quoteAsset = reader.string('quoteAsset');
      const method = reader.oneOf('method', ['average-cost', 'fifo'] as const);
      const mark = input.markPrice === null ? null : new Dec(reader.decimal('markPrice', 'positive'));
      if (input.scale !== undefined && (!Number.isSafeInteger(input.scale) || input.scale < 0)) {
        throw invalidField('input.scale', 'must be a whole number of decimal places');
      }
      return new SpotPnlFolding(
        { baseAsset, quoteAsset },
        method,
        mark,
        input.scale,
        input.feeAssetPrices ?? {},
        options.keepDay ?? (() => true),
      );
    });
  }

  /**
   * A folding that continues from a checkpoint of the same method, with this report's
   * terms; the checkpoint is read as untrusted data (a refusal names the field).
   */
  static resume(
    checkpoint: unknown,
    input: Omit<SpotPnlInput, 'fills'>,
    options: SpotPnlFoldingOptions = {},
  ): SpotPnlFolding | DomainError {
    const folding = SpotPnlFolding.start(input, options);
    if (folding instanceof DomainError) return folding;
    const refusal = refusalAsValue(() => {
      const reader = FieldReader.of(checkpoint, 'checkpoint');
      if (reader.oneOf('method', ['average-cost', 'fifo'] as const) !== folding.method) {
        throw invalidField('checkpoint.method', `must be the report's method, ${folding.method}`);
      }
      folding.ledger = new LedgerInPlace(readLedgerCheckpoint(reader, 'checkpoint'));
      folding.fees = new Dec(reader.decimal('feesPaid', 'any'));
      folding.fillsCounted = reader.integer('fillsCounted');
      const through = reader.optionalObject('through');
      folding.last = through === null ? null : { time: through.time('time'), id: through.string('fillId') };
      return null;
    });
    return refusal ?? folding;
  }

  /**
   * The folding so far as a checkpoint: only before any day line is kept, and only while
   * every fee folded was paid in base or quote (see SpotPnlCheckpoint).
   */
  checkpoint(): SpotPnlCheckpoint | DomainError {
    if (this.refusal !== null) return this.refusal;
    return refusalAsValue(() => {
      if (this.days.size > 0) throw invalidField('checkpoint', 'is taken before the first kept day');
      if (this.feesInThirdAsset) {
        throw invalidField('checkpoint', "holds fees paid in a third asset, valued at this report's prices");
      }
      return {
        method: this.method,
        ...ledgerCheckpointOf(this.ledger.state),
        feesPaid: canonicalDecimal(this.fees),
        fillsCounted: this.fillsCounted,
        through: this.last === null ? null : { time: this.last.time, fillId: this.last.id },
      };
    });
  }

  /** Fills folded so far. */
  get fillsFolded(): number {
    return this.fillsCounted;
  }

  /** The next fills, continuing the last page: in (time, fillId) order, each fillId once. */
  add(fills: readonly SpotPnlFill[]): DomainError | null {
    if (this.refusal !== null) return this.refusal;
    this.refusal = refusalAsValue(() => {
      if (!Array.isArray(fills)) throw invalidField('input.fills', 'must be an array');
      fills.forEach((fill) => this.fold(fill));
      return null;
    });
    return this.refusal;
  }

  /** The report of every fill added so far (byDay: only the kept days). */
  report(): SpotPnlReport | DomainError {
    if (this.refusal !== null) return this.refusal;
    const ledger = this.ledger.state;
    const money = (value: Dec): string =>
      this.scale === undefined ? canonicalDecimal(value) : roundToScale(value, this.scale);
    const unrealized = this.mark === null ? null : unrealizedAt(ledger, this.mark, 'effectiveValue');
    const unrealizedGross = this.mark === null ? null : unrealizedAt(ledger, this.mark, 'rawValue');
    return {
      method: this.method,
      position: canonicalDecimal(openQuantity(ledger)),
      averageCost: canonicalDecimal(averageOpenPrice(ledger, 'effectiveValue')),
      averageEntryPrice: canonicalDecimal(averageOpenPrice(ledger, 'rawValue')),
      realizedPnl: money(ledger.realizedNet),
      realizedGrossPnl: money(ledger.realizedGross),
      feesPaid: money(this.fees),
      unrealizedPnl: unrealized === null ? null : money(unrealized),
      unrealizedGrossPnl: unrealizedGross === null ? null : money(unrealizedGross),
      totalPnl: unrealized === null ? null : money(ledger.realizedNet.plus(unrealized)),
      openLots: ledger.lots.map((lot) => ({
        side: lot.side,
        quantity: canonicalDecimal(lot.quantity),
        averageCost: canonicalDecimal(lotPrice(lot, 'effectiveValue')),
      })),
      fillsCounted: this.fillsCounted,
      byDay: [...this.days.entries()].map(([day, totals]) => ({
        day,
        realizedPnl: money(totals.net),
        realizedGrossPnl: money(totals.gross),
        feesPaid: money(totals.fees),
      })),
    };
  }

  private fold(value: unknown): void {
    const field = `input.fills[${this.fillsCounted}]`;
    const fill = readSpotPnlFill(value, field);
    const key = { time: fill.time, id: fill.fillId };
    const last = this.last;
    if (last !== null && compareByTimeThenId(key, last) <= 0) {
      throw invalidField(
        field,
        `must sort after the fill before it by (time, fillId): (${key.time}, ${key.id}) does not follow (${last.time}, ${last.id})`,
      );
    }
    const price = new Dec(fill.price);
    const qty = new Dec(fill.qty);
    const fee = valueFee(fill.fee, this.assets, this.feeAssetPrices, `${field}.fee`);
    if (fee.valuedAtPrice) this.feesInThirdAsset = true;
    const feePaid = fee.quoteValue.plus(fee.baseAmount.times(price));
    this.fees = this.fees.plus(feePaid);
    const notional = price.times(qty);
    const quantity = fill.side === 'BUY' ? qty.minus(fee.baseAmount) : qty.plus(fee.baseAmount).negated();
    if (!quantity.greaterThan(0) && fill.side === 'BUY')
      throw invalidField(`${field}.fee`, 'exceeds the quantity bought');
    const cash = fill.side === 'BUY' ? notional.plus(fee.quoteValue) : notional.minus(fee.quoteValue);
    const outcome = this.ledger.apply(
      { quantity, rawValue: price.times(quantity.abs()), effectiveValue: cash },
      this.method,
    );
    this.last = key;
    this.fillsCounted += 1;
    const day = utcDay(fill.time);
    if (!this.keepDay(day)) return;
    const totals = this.days.get(day) ?? { net: new Dec(0), gross: new Dec(0), fees: new Dec(0) };
    this.days.set(day, {
      net: totals.net.plus(outcome.realizedNet),
      gross: totals.gross.plus(outcome.realizedGross),
      fees: totals.fees.plus(feePaid),
    });
  }
}
