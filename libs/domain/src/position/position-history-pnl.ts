import { Dec, canonicalDecimal } from '../shared/decimal';
import { CostMethod, EMPTY_LEDGER, LedgerState } from '../pnl/lot-ledger';
import { DomainError, invalidField, refusalAsValue } from '../shared/domain-error';
import { FieldReader } from '../shared/field-reader';
import { LedgerCheckpoint, ledgerCheckpointOf, readLedgerCheckpoint } from '../pnl/ledger-checkpoint';
import { compareByTimeThenId } from '../shared/sorted-by-time';
import { utcDay } from '../pnl/utc-day';
import { FundingPayment, PositionFill, PositionTotals } from './futures-position.types';
import { figuringOrder, PositionHistory } from './position-history';
import {
  FuturesPositionPnl,
  futuresPositionPnl,
  PositionPnlOptions,
  settlementFigure,
  settlementPriceOf,
} from './position-ledger';
import { EMPTY_POSITION_TOTALS, openLotOf, settleFunding, stepPositionFill } from './position-totals';

/** Realized (gross), fees and funding of one UTC day, in the settlement asset. */
export interface PositionDayPnl {
  readonly day: string;
  readonly realizedPnl: string;
  readonly feesPaid: string;
  readonly fundingPnl: string;
}

export interface FuturesPositionHistoryPnl extends FuturesPositionPnl {
  /** The UTC days with a fill or a funding payment (those kept), in order. */
  readonly byDay: readonly PositionDayPnl[];
}

/** The fill a folding has come to: where the next one must sort after, and its multiplier. */
type FoldedThrough = Pick<PositionFill, 'time' | 'fillId' | 'contractMultiplier'>;

/**
 * What a folding holds after some real fills, as plain data: a report over a later
 * period resumes from it (`PositionHistoryFolding.resume`) rather than folding those
 * fills again. It holds no day lines and no funding: it is taken before the first day
 * a report keeps, and funding is added after the fills.
 */
export interface PositionHistoryCheckpoint extends LedgerCheckpoint {
  readonly overclosedContracts: string;
  /** Fees by asset, in that asset. */
  readonly fees: Readonly<Record<string, string>>;
  readonly through: FoldedThrough | null;
  readonly realFills: number;
}

interface DayLine {
  realized: Dec;
  fees: Dec;
  funding: Dec;
}

/**
 * P&L of a position over its history (a report's period), folded one page of real fills
 * at a time in (time, fillId) order, as the live state figures them: it holds running
 * totals and the lines of the days kept, never the fills, so a history of any length
 * fits in memory. Inferred fills (the few not retired) are figured after the real ones;
 * a fill's realized P&L and fee fall on its day, a payment's funding on its own.
 */
export class PositionHistoryFolding {
  /** Real fills folded so far, kept in decimals: totals strings are made once, by `result`. */
  private ledger: LedgerState = EMPTY_LEDGER;
  private overclosed = new Dec(0);
  private readonly fees = new Map<string, Dec>();
  private last: FoldedThrough | null = null;
  private realFills = 0;
  /** Funding payments settled into totals (the fill figures above are merged in by `result`). */
  private funded: PositionTotals = EMPTY_POSITION_TOTALS;
  private readonly days = new Map<string, DayLine>();

  /**
   * `method`: how closing fills realize against the open ones. Average entry is the
   * venue's (and the live position's); FIFO closes the oldest first. Checkpoints are
   * taken and resumed for average entry only.
   */
  constructor(
    private readonly options: PositionPnlOptions,
    private readonly keepDay: (day: string) => boolean = () => true,
    private readonly method: CostMethod = 'average-cost',
  ) {}

  /**
   * A folding that continues from a checkpoint (`checkpoint()` of an earlier report),
   * read as untrusted data: a refusal names the field.
   */
  static resume(
    checkpoint: unknown,
    options: PositionPnlOptions,
    keepDay: (day: string) => boolean = () => true,
  ): PositionHistoryFolding | DomainError {
    return refusalAsValue(() => {
      const reader = FieldReader.of(checkpoint, 'checkpoint');
      const fees = reader.object('fees');
      const folding = new PositionHistoryFolding(options, keepDay);
      folding.ledger = readLedgerCheckpoint(reader, 'checkpoint');
      folding.overclosed = new Dec(reader.decimal('overclosedContracts'));
      for (const asset of Object.keys(reader.raw('fees') as object)) {
        folding.fees.set(asset, new Dec(fees.decimal(asset, 'any')));
      }
      const through = reader.optionalObject('through');
      folding.last =
        through === null
          ? null
          : {
              time: through.time('time'),
              fillId: through.string('fillId'),
              contractMultiplier: through.decimal('contractMultiplier', 'positive'),
            };
      folding.realFills = reader.integer('realFills');
      return folding;
    });
  }

  /**
   * The folding so far as a checkpoint: only before any day line is kept or any funding
   * added, which a checkpoint does not carry.
   */
  checkpoint(): PositionHistoryCheckpoint | DomainError {
    return refusalAsValue(() => {
      if (this.days.size > 0 || this.funded !== EMPTY_POSITION_TOTALS) {
        throw invalidField('checkpoint', 'is taken before the first kept day and before any funding');
      }
      if (this.method !== 'average-cost') throw invalidField('checkpoint', 'is kept for average entry only');
      return {
        ...ledgerCheckpointOf(this.ledger),
        overclosedContracts: canonicalDecimal(this.overclosed),
        fees: Object.fromEntries([...this.fees].map(([asset, amount]) => [asset, canonicalDecimal(amount)])),
        through:
          this.last === null
            ? null
            : {
                time: this.last.time,
                fillId: this.last.fillId,
                contractMultiplier: this.last.contractMultiplier,
              },
        realFills: this.realFills,
      };
    });
  }

  /** Real fills folded so far. */
  get fillsFolded(): number {
    return this.realFills;
  }

  /** The next real fills, continuing the last page; a fill out of order is refused, naming it. */
  addFills(fills: readonly PositionFill[]): DomainError | null {
    return refusalAsValue(() => {
      for (const fill of fills) {
        const field = `fills[${this.realFills}]`;
        if (fill.inferred) throw invalidField(field, 'is inferred: inferred fills are given to the result');
        if (
          this.last !== null &&
          compareByTimeThenId(
            { time: this.last.time, id: this.last.fillId },
            { time: fill.time, id: fill.fillId },
          ) >= 0
        )
          throw invalidField(field, 'must sort after the fill before it, by (time, fillId)');
        const step = stepPositionFill(this.ledger, fill, this.method);
        this.ledger = step.ledger;
        this.overclosed = this.overclosed.plus(step.overclosedContracts);
        if (fill.fee !== null)
          this.fees.set(fill.fee.asset, (this.fees.get(fill.fee.asset) ?? new Dec(0)).plus(fill.fee.amount));
        this.onFill(fill, step.realized);
        this.last = fill;
        this.realFills += 1;
      }
      return null;
    });
  }

  /** Funding payments, each once, in any order. */
  addFunding(payments: readonly FundingPayment[]): DomainError | null {
    return refusalAsValue(() => {
      for (const payment of payments) {
        this.funded = settleFunding(this.funded, payment);
        const line = this.lineOf(payment.time);
        if (line !== undefined)
          line.funding = line.funding.plus(
            new Dec(payment.amount).times(settlementPriceOf(payment.asset, this.options)),
          );
      }
      return null;
    });
  }

  /** The P&L of everything added, with `inferred` figured after it. */
  result(inferred: readonly PositionFill[]): FuturesPositionHistoryPnl | DomainError {
    const ordered = figuringOrder(inferred);
    const settled: PositionTotals = {
      ...this.funded,
      through: this.last === null ? null : { time: this.last.time, fillId: this.last.fillId },
      fillCount: this.realFills,
      openLot: openLotOf(this.ledger),
      realizedPnl: canonicalDecimal(this.ledger.realizedGross),
      overclosedContracts: canonicalDecimal(this.overclosed),
      fees: Object.fromEntries([...this.fees].map(([asset, amount]) => [asset, canonicalDecimal(amount)])),
      contractMultiplier: this.last?.contractMultiplier ?? null,
    };
    const totals = futuresPositionPnl(
      {
        accountId: null,
        symbol: null,
        side: null,
        settled,
        recent: [],
        inferred: ordered,
        funding: [],
        venue: null,
        breaks: {},
      },
      this.options,
    );
    if (totals instanceof DomainError) return totals;
    return refusalAsValue(() => {
      const days = new Map([...this.days].map(([day, line]) => [day, { ...line }]));
      let ledger = this.ledger;
      for (const fill of ordered) {
        const step = stepPositionFill(ledger, fill, this.method);
        ledger = step.ledger;
        this.onFill(fill, step.realized, days);
      }
      const figure = (value: Dec) => settlementFigure(value, this.options);
      return {
        ...totals,
        byDay: [...days.entries()]
          .sort(([left], [right]) => (left < right ? -1 : 1))
          .map(([day, line]) => ({
            day,
            realizedPnl: figure(line.realized),
            feesPaid: figure(line.fees),
            fundingPnl: figure(line.funding),
          })),
      };
    });
  }

  private onFill(fill: PositionFill, realized: Dec, days = this.days): void {
    const line = this.lineOf(fill.time, days);
    if (line === undefined) return;
    line.realized = line.realized.plus(realized);
    if (fill.fee !== null)
      line.fees = line.fees.plus(
        new Dec(fill.fee.amount).times(settlementPriceOf(fill.fee.asset, this.options)),
      );
  }

  /** The line of a time's day, made when first needed; undefined for a day not kept. */
  private lineOf(time: number, days = this.days): DayLine | undefined {
    const day = utcDay(time);
    if (!this.keepDay(day)) return undefined;
    let line = days.get(day);
    if (line === undefined) {
      line = { realized: new Dec(0), fees: new Dec(0), funding: new Dec(0) };
      days.set(day, line);
    }
    return line;
  }
}

/**
 * P&L of a position over its whole history in memory: the totals of futuresPositionPnl,
 * and each UTC day's share (PositionHistoryFolding over its fills).
 */
export function futuresPositionHistoryPnl(
  history: PositionHistory,
  options: PositionPnlOptions,
  method: CostMethod = 'average-cost',
): FuturesPositionHistoryPnl | DomainError {
  const folding = new PositionHistoryFolding(options, () => true, method);
  const refused =
    folding.addFills(figuringOrder(history.fills.filter((fill) => !fill.inferred))) ??
    folding.addFunding(history.funding);
  if (refused !== null) return refused;
  return folding.result(history.fills.filter((fill) => fill.inferred));
}
