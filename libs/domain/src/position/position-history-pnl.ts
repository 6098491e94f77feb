import { Dec } from '../shared/decimal';
import { DomainError, invalidField, refusalAsValue } from '../shared/domain-error';
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
import {
  EMPTY_POSITION_TOTALS,
  ledgerOfTotals,
  settleFillStep,
  settleFunding,
  stepPositionFill,
} from './position-totals';

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
  private totals: PositionTotals = EMPTY_POSITION_TOTALS;
  private readonly days = new Map<string, DayLine>();
  private last: { readonly time: number; readonly id: string } | null = null;
  private realFills = 0;

  constructor(
    private readonly options: PositionPnlOptions,
    private readonly keepDay: (day: string) => boolean = () => true,
  ) {}

  /** The next real fills, continuing the last page; a fill out of order is refused, naming it. */
  addFills(fills: readonly PositionFill[]): DomainError | null {
    return refusalAsValue(() => {
      for (const fill of fills) {
        const field = `fills[${this.realFills}]`;
        if (fill.inferred) throw invalidField(field, 'is inferred: inferred fills are given to the result');
        const key = { time: fill.time, id: fill.fillId };
        if (this.last !== null && compareByTimeThenId(this.last, key) >= 0)
          throw invalidField(field, 'must sort after the fill before it, by (time, fillId)');
        const step = settleFillStep(this.totals, fill);
        this.totals = step.totals;
        this.onFill(fill, step.realized);
        this.last = key;
        this.realFills += 1;
      }
      return null;
    });
  }

  /** Funding payments, each once, in any order. */
  addFunding(payments: readonly FundingPayment[]): DomainError | null {
    return refusalAsValue(() => {
      for (const payment of payments) {
        this.totals = settleFunding(this.totals, payment);
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
    const totals = futuresPositionPnl(
      {
        accountId: null,
        symbol: null,
        side: null,
        settled: this.totals,
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
      let ledger = ledgerOfTotals(this.totals);
      for (const fill of ordered) {
        const step = stepPositionFill(ledger, fill);
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
): FuturesPositionHistoryPnl | DomainError {
  const folding = new PositionHistoryFolding(options);
  const refused =
    folding.addFills(figuringOrder(history.fills.filter((fill) => !fill.inferred))) ??
    folding.addFunding(history.funding);
  if (refused !== null) return refused;
  return folding.result(history.fills.filter((fill) => fill.inferred));
}
