import { AccountService } from './accounts/account-service';
import { AssetLedger } from './accounts/asset-ledger';
import { UserDirectory } from './accounts/user-directory';
import { OrderBook } from './book/order-book';
import type { EngineContext } from './engine-context';
import { EngineEventBus } from './events/engine-event-bus';
import { FuturesAccountBook } from './futures/futures-account-book';
import { FuturesExchange } from './futures/futures-exchange';
import { FuturesOrderStore } from './futures/futures-order-store';
import { FuturesQueries } from './futures/futures-queries';
import { FuturesService } from './futures/futures-service';
import { FuturesTriggers } from './futures/futures-triggers';
import { FundingSchedule } from './futures/funding-schedule';
import { FundingSettlement } from './futures/funding-settlement';
import { PositionControls } from './futures/position-controls';
import { DEFAULT_INSTRUMENTS, DEFAULT_MARKS } from './instruments/default-instruments';
import { InstrumentRegistry } from './instruments/instrument-registry';
import { MarkBoard } from './market/mark-board';
import { MarketControl } from './market/market-control';
import { MarketData } from './market/market-data';
import { SimulatedMarket } from './market/simulated-market';
import { TradeTape } from './market/trade-tape';
import { SpotExchange } from './spot/spot-exchange';
import { SpotOrderStore } from './spot/spot-order-store';
import { SpotService } from './spot/spot-service';
import { dec } from './support/engine-decimal';
import { IdSequence } from './support/id-sequence';
import { SeededRandom } from './support/seeded-random';
import type { VenueEngineOptions } from './venue-engine.contract';

export interface EngineParts {
  readonly context: EngineContext;
  readonly spot: SpotService;
  readonly futures: FuturesService;
  readonly futuresQueries: FuturesQueries;
  readonly accountService: AccountService;
  readonly marketData: MarketData;
  readonly marketControl: MarketControl;
  readonly spotStore: SpotOrderStore;
  readonly futuresStore: FuturesOrderStore;
  readonly futuresAccounts: FuturesAccountBook;
  readonly funding: FundingSettlement;
  readonly fundingSchedule: FundingSchedule;
}

/** Builds the shared context and every engine part, wires them, and opens the market at the initial marks. */
export function assembleEngine(options: VenueEngineOptions): EngineParts {
  const spotStore = new SpotOrderStore();
  const futuresStore = new FuturesOrderStore();

  const ids = new IdSequence(options.seed);
  const instruments = new InstrumentRegistry(options.instruments ?? DEFAULT_INSTRUMENTS);
  let arrival = 0;
  const context: EngineContext = {
    clock: options.clock,
    ids,
    instruments,
    users: new UserDirectory(ids),
    ledger: new AssetLedger(),
    events: new EngineEventBus(),
    books: new Map(
      instruments.all().map((instrument) => [instrument.symbol, new OrderBook(instrument.symbol)]),
    ),
    marks: new MarkBoard(),
    tape: new TradeTape(),
    spotFees: options.spotFees ?? { makerRate: '0.001', takerRate: '0.0012' },
    futuresFees: options.futuresFees ?? {
      openMakerRate: '0.00025',
      openTakerRate: '0.0006',
      closeMakerRate: '0.00025',
      closeTakerRate: '0.0006',
    },
    participantAccounts: new Set(),
    matching: { paused: false },
    nextArrival: () => (arrival += 1),
  };
  const participant = context.users.create(undefined, true);
  for (const account of participant.accounts) context.participantAccounts.add(account.accountId);

  const spotExchange = new SpotExchange(context, spotStore);
  const spot = new SpotService(context, spotExchange);
  const futuresAccounts = new FuturesAccountBook(context);
  const futuresExchange = new FuturesExchange(context, futuresAccounts, futuresStore);
  const triggers = new FuturesTriggers(context, futuresAccounts, futuresExchange);
  const futures = new FuturesService(
    context,
    futuresAccounts,
    futuresExchange,
    triggers,
    new PositionControls(context, futuresAccounts),
  );
  const fundingSchedule = new FundingSchedule(options.clock, options.fundingIntervalMs);
  const funding = new FundingSettlement(context, futuresAccounts, fundingSchedule, (symbol) =>
    futures.settle(symbol, 'mark'),
  );
  const futuresQueries = new FuturesQueries(futuresStore, futuresAccounts);
  const accountService = new AccountService(context, futuresAccounts, spotStore, futuresStore);
  const marketData = new MarketData(context, fundingSchedule);
  const market = new SimulatedMarket(
    context,
    new SeededRandom(options.seed),
    (instrument) => (instrument.kind === 'SPOT' ? participant.spotAccountId : participant.futuresAccountId),
    (instrument) => (instrument.kind === 'SPOT' ? spotExchange : futuresExchange),
    options.simulatedMarket === false ? {} : (options.simulatedMarket ?? {}),
  );
  const marketControl = new MarketControl(context, market, options.simulatedMarket !== false, spot, futures);
  const marks = { ...DEFAULT_MARKS, ...options.initialMarks };
  for (const instrument of instruments.all()) {
    const mark = marks[instrument.symbol] ?? marks[instrument.record.indexSymbol];
    if (mark === undefined) throw new Error(`no initial mark for ${instrument.symbol}`);
    context.marks.set(instrument.symbol, dec(mark), options.clock.now());
    marketControl.requote(instrument);
  }
  return {
    context,
    spot,
    futures,
    futuresQueries,
    accountService,
    marketData,
    marketControl,
    spotStore,
    futuresStore,
    futuresAccounts,
    funding,
    fundingSchedule,
  };
}
