import type { AssetLedger } from './accounts/asset-ledger';
import type { UserDirectory } from './accounts/user-directory';
import type { OrderBook } from './book/order-book';
import type { EngineClock } from './engine-clock';
import type { EngineEventBus } from './events/engine-event-bus';
import type { InstrumentRegistry } from './instruments/instrument-registry';
import type { MarkBoard } from './market/mark-board';
import type { TradeTape } from './market/trade-tape';
import type { IdSequence } from './support/id-sequence';
import type { FuturesFeeSchedule, SpotFeeSchedule } from './types/instrument.types';

/** The state every engine part shares; owned and wired by the facade. */
export interface EngineContext {
  readonly clock: EngineClock;
  readonly ids: IdSequence;
  readonly instruments: InstrumentRegistry;
  readonly users: UserDirectory;
  readonly ledger: AssetLedger;
  readonly events: EngineEventBus;
  readonly books: ReadonlyMap<string, OrderBook>;
  readonly marks: MarkBoard;
  readonly tape: TradeTape;
  readonly spotFees: SpotFeeSchedule;
  readonly futuresFees: FuturesFeeSchedule;
  /** Accounts of the simulated participants; their events are never published. */
  readonly participantAccounts: Set<string>;
  readonly matching: { paused: boolean };
  /** Arrival counter for time priority. */
  nextArrival(): number;
}

export function bookOf(context: EngineContext, symbol: string): OrderBook {
  const book = context.books.get(symbol);
  if (book === undefined) throw new Error(`no book for ${symbol}`);
  return book;
}
