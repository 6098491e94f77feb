import { AccountService } from './accounts/account-service';
import { AssetLedger } from './accounts/asset-ledger';
import { UserDirectory } from './accounts/user-directory';
import { OrderBook } from './book/order-book';
import type { EngineContext } from './engine-context';
import { VenueEngineError } from './engine-error';
import { EngineEventBus } from './events/engine-event-bus';
import { FuturesAccountBook } from './futures/futures-account-book';
import { FuturesExchange } from './futures/futures-exchange';
import { FuturesOrderStore } from './futures/futures-order-store';
import { FuturesQueries } from './futures/futures-queries';
import { FuturesService } from './futures/futures-service';
import { FuturesTriggers } from './futures/futures-triggers';
import { DEFAULT_INSTRUMENTS, DEFAULT_MARKS } from './instruments/default-instruments';
import type { Instrument } from './instruments/instrument-registry';
import { InstrumentRegistry } from './instruments/instrument-registry';
import { MarkBoard } from './market/mark-board';
import { MarketData } from './market/market-data';
import { SimulatedMarket } from './market/simulated-market';
import { TradeTape } from './market/trade-tape';
import { buildSnapshot } from './snapshot/snapshot-builder';
import { SpotExchange } from './spot/spot-exchange';
import { SpotOrderStore } from './spot/spot-order-store';
import { clampLimit } from './spot/spot-queries';
import { SpotService } from './spot/spot-service';
import { ONE, dec, floorToStep, maxDecimal, parsePositiveDecimalField } from './support/engine-decimal';
import { IdSequence } from './support/id-sequence';
import { SeededRandom } from './support/seeded-random';
import type { VenueEngineApi, VenueEngineOptions } from './venue-engine.contract';
import type * as Types from './engine-types';

const EIGHT_HOURS_MS = 8 * 60 * 60 * 1000;
const FUNDING_RATE = '0.0001';

/** The in-memory exchange behind the venue's REST and WebSocket API. See `VenueEngineApi`. */
export class VenueEngine implements VenueEngineApi {
  private readonly context: EngineContext;
  private readonly spot: SpotService;
  private readonly futures: FuturesService;
  private readonly futuresQueries: FuturesQueries;
  private readonly accountService: AccountService;
  private readonly marketData: MarketData;
  private readonly market: SimulatedMarket;
  private readonly quoting: boolean;
  private readonly spotStore = new SpotOrderStore();
  private readonly futuresStore = new FuturesOrderStore();
  private readonly futuresAccounts: FuturesAccountBook;

  constructor(options: VenueEngineOptions) {
    const ids = new IdSequence(options.seed);
    const instruments = new InstrumentRegistry(options.instruments ?? DEFAULT_INSTRUMENTS);
    let arrival = 0;
    this.context = {
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
    const participant = this.context.users.create(undefined, true);
    for (const account of participant.accounts) this.context.participantAccounts.add(account.accountId);

    const spotExchange = new SpotExchange(this.context, this.spotStore);
    this.spot = new SpotService(this.context, spotExchange);
    this.futuresAccounts = new FuturesAccountBook(this.context);
    const futuresExchange = new FuturesExchange(this.context, this.futuresAccounts, this.futuresStore);
    const triggers = new FuturesTriggers(this.context, this.futuresAccounts, futuresExchange);
    this.futures = new FuturesService(this.context, this.futuresAccounts, futuresExchange, triggers);
    this.futuresQueries = new FuturesQueries(this.futuresStore, this.futuresAccounts);
    this.accountService = new AccountService(
      this.context,
      this.futuresAccounts,
      this.spotStore,
      this.futuresStore,
    );
    this.marketData = new MarketData(this.context);
    this.quoting = options.simulatedMarket !== false;
    this.market = new SimulatedMarket(
      this.context,
      new SeededRandom(options.seed),
      (instrument) => (instrument.kind === 'SPOT' ? participant.spotAccountId : participant.futuresAccountId),
      (instrument) => (instrument.kind === 'SPOT' ? spotExchange : futuresExchange),
      options.simulatedMarket === false ? {} : (options.simulatedMarket ?? {}),
    );
    const marks = { ...DEFAULT_MARKS, ...options.initialMarks };
    for (const instrument of instruments.all()) {
      const mark = marks[instrument.symbol] ?? marks[instrument.record.indexSymbol];
      if (mark === undefined) throw new Error(`no initial mark for ${instrument.symbol}`);
      this.context.marks.set(instrument.symbol, dec(mark), options.clock.now());
      this.requote(instrument);
    }
  }

  // ----- reference data -------------------------------------------------------
  listInstruments(): readonly Types.InstrumentRecord[] {
    return this.context.instruments.all().map((instrument) => instrument.record);
  }

  getInstrument(symbol: string): Types.InstrumentRecord {
    return this.context.instruments.require(symbol).record;
  }

  now(): number {
    return this.context.clock.now();
  }

  // ----- control plane --------------------------------------------------------
  createUser(command: Types.CreateUserCommand = {}): Types.UserRecord {
    return this.context.users.create(command.label);
  }

  getUser(userId: string): Types.UserRecord {
    return this.context.users.requireUser(userId);
  }

  listUsers(): readonly Types.UserRecord[] {
    return this.context.users
      .all()
      .filter((user) => !this.context.participantAccounts.has(user.spotAccountId));
  }

  deposit(command: Types.DepositCommand): { accountId: string; asset: string; free: string } {
    return this.accountService.deposit(command);
  }

  setMarkPrice(command: Types.SetMarkPriceCommand): Types.MarkPriceRecord {
    const instrument = this.context.instruments.require(command.symbol);
    const price = parsePositiveDecimalField(command.price, 'price');
    this.context.marks.set(instrument.symbol, price, this.context.clock.now());
    this.afterMarkMove(instrument);
    return this.context.marks.record(instrument.symbol);
  }

  advanceMarket(steps = 1): readonly Types.MarkPriceRecord[] {
    const count = Math.max(1, Math.min(Math.trunc(steps), 10_000));
    const groups = new Map<string, Instrument[]>();
    for (const instrument of this.context.instruments.all()) {
      const group = groups.get(instrument.record.indexSymbol) ?? [];
      group.push(instrument);
      groups.set(instrument.record.indexSymbol, group);
    }
    for (let step = 0; step < count; step += 1) {
      for (const group of groups.values()) {
        const factor = ONE.plus(this.market.nextMove());
        for (const instrument of group) {
          const moved = floorToStep(
            this.context.marks.price(instrument.symbol).mul(factor),
            instrument.tickSize,
          );
          this.context.marks.set(
            instrument.symbol,
            maxDecimal(moved, instrument.tickSize),
            this.context.clock.now(),
          );
          this.afterMarkMove(instrument);
        }
      }
    }
    return this.context.marks.all();
  }

  setMatchingPaused(paused: boolean): void {
    if (this.context.matching.paused === paused) return;
    this.context.matching.paused = paused;
    if (paused) return;
    for (const instrument of this.context.instruments.all()) this.requote(instrument);
    this.spot.resumePending();
    this.futures.exchange.resumePending();
    for (const instrument of this.context.instruments.all()) {
      if (instrument.kind === 'PERPETUAL') this.futures.settle(instrument.symbol);
    }
  }

  isMatchingPaused(): boolean {
    return this.context.matching.paused;
  }

  snapshot(): Types.EngineSnapshot {
    return buildSnapshot(this.context, this.spotStore, this.futuresStore, this.futuresAccounts);
  }

  // ----- events ---------------------------------------------------------------
  onUserEvent(userId: string, listener: Types.EngineEventListener): Types.Unsubscribe {
    return this.context.events.onUser(userId, listener);
  }

  onAccountEvent(accountId: string, listener: Types.EngineEventListener): Types.Unsubscribe {
    return this.context.events.onAccount(accountId, listener);
  }

  onAnyEvent(listener: Types.EngineEventListener): Types.Unsubscribe {
    return this.context.events.onAny(listener);
  }

  // ----- spot trading ---------------------------------------------------------
  testSpotOrder(command: Types.PlaceSpotOrderCommand): void {
    this.spot.test(command);
  }

  placeSpotOrder(command: Types.PlaceSpotOrderCommand): Types.SpotOrderRecord {
    return this.spot.place(command);
  }

  placeSpotOrders(
    commands: readonly Types.PlaceSpotOrderCommand[],
  ): readonly Types.BatchEntryResult<Types.SpotOrderRecord>[] {
    return this.spot.placeBatch(commands);
  }

  cancelSpotOrder(lookup: Types.SpotOrderLookup): Types.SpotCancelResult {
    return this.spot.cancel(lookup);
  }

  cancelSpotOpenOrders(
    command: Types.SpotCancelOpenOrdersCommand,
  ): Types.BulkCancelResult<Types.SpotOrderRecord> {
    return this.spot.cancelOpen(command);
  }

  cancelSpotOrdersByIds(
    userId: string,
    orderIds: readonly string[],
  ): Types.CancelByIdsResult<Types.SpotOrderRecord> {
    return this.spot.cancelByIds(userId, orderIds);
  }

  getSpotOrder(lookup: Types.SpotOrderLookup): Types.SpotOrderRecord {
    return this.spot.get(lookup);
  }

  listSpotOpenOrders(query: Types.SpotOrderListQuery): readonly Types.SpotOrderRecord[] {
    return this.spot.listOpen(query);
  }

  listSpotTradeOrders(query: Types.SpotOrderListQuery): readonly Types.SpotOrderRecord[] {
    return this.spot.listTradeOrders(query);
  }

  listSpotTrades(query: Types.SpotTradeQuery): readonly Types.SpotTradeRecord[] {
    return this.spot.listTrades(query);
  }

  // ----- accounts -------------------------------------------------------------
  getSpotAccount(userId: string, accountId?: string): Types.SpotAccountRecord {
    return this.accountService.spotAccount(userId, accountId);
  }

  listAccounts(userId: string): readonly Types.AccountRecord[] {
    return this.accountService.accounts(userId);
  }

  transferAsset(command: Types.AssetTransferCommand): Types.AssetTransferRecord {
    return this.accountService.transfer(command);
  }

  getVipInfo(userId: string, symbols?: readonly string[]): Types.VipInfoRecord {
    return this.accountService.vipInfo(userId, symbols);
  }

  // ----- futures trading ------------------------------------------------------
  setLeverage(userId: string, symbol: string, leverage: string): Types.LeverageRecord {
    return this.futures.setLeverage(userId, symbol, leverage);
  }

  getLeverage(userId: string, symbol: string): Types.LeverageRecord {
    const instrument = this.context.instruments.require(symbol, 'PERPETUAL');
    const setting = this.futuresAccounts.leverageOf(this.futures.accountIdOf(userId), instrument);
    return { symbol, leverage: String(setting.leverage), marginType: setting.marginType };
  }

  setMarginType(userId: string, symbol: string, marginType: Types.MarginType): Types.LeverageRecord {
    if (marginType !== 'CROSS' && marginType !== 'ISOLATED')
      throw new VenueEngineError('requiredField', { field: 'marginType' });
    const instrument = this.context.instruments.require(symbol, 'PERPETUAL');
    const setting = this.futuresAccounts.setMarginType(
      this.futures.accountIdOf(userId),
      instrument,
      marginType,
    );
    return { symbol, leverage: String(setting.leverage), marginType: setting.marginType };
  }

  placeFuturesOrder(command: Types.PlaceFuturesOrderCommand): Types.FuturesAnyOrderRecord {
    return this.futures.place(command);
  }

  placeFuturesOrders(
    commands: readonly Types.PlaceFuturesOrderCommand[],
  ): readonly Types.BatchEntryResult<Types.FuturesOrderRecord>[] {
    return this.futures.placeBatch(commands);
  }

  cancelFuturesOrder(lookup: Types.FuturesOrderLookup): Types.FuturesCancelResult {
    return this.futures.cancel(lookup.userId, lookup.type ?? 'LIMIT', lookup.orderId, lookup.clientOrderId);
  }

  cancelFuturesOpenOrders(
    command: Types.FuturesCancelOpenOrdersCommand,
  ): Types.BulkCancelResult<Types.FuturesAnyOrderRecord> {
    return this.futures.cancelOpen(command);
  }

  cancelFuturesOrdersByIds(
    userId: string,
    orderIds: readonly string[],
  ): Types.CancelByIdsResult<Types.FuturesAnyOrderRecord> {
    return this.futures.cancelByIds(userId, orderIds);
  }

  getFuturesOrder(lookup: Types.FuturesOrderLookup): Types.FuturesAnyOrderRecord {
    return this.futuresQueries.order(this.futures.accountIdOf(lookup.userId), lookup);
  }

  listFuturesOpenOrders(query: Types.FuturesOrderListQuery): readonly Types.FuturesAnyOrderRecord[] {
    return this.futuresQueries.orders(this.futures.accountIdOf(query.userId), query, true);
  }

  listFuturesHistoryOrders(query: Types.FuturesOrderListQuery): readonly Types.FuturesAnyOrderRecord[] {
    return this.futuresQueries.orders(this.futures.accountIdOf(query.userId), query, false);
  }

  listFuturesTrades(query: Types.FuturesTradeQuery): readonly Types.FuturesTradeRecord[] {
    return this.futuresQueries.trades(this.futures.accountIdOf(query.userId), query);
  }

  listPositions(
    userId: string,
    symbol?: string,
    side?: Types.PositionSide,
  ): readonly Types.FuturesPositionRecord[] {
    return this.futuresQueries.positions(this.futures.accountIdOf(userId), symbol, side);
  }

  adjustPositionMargin(command: Types.PositionMarginAdjustCommand): {
    symbol: string;
    margin: string;
    timestamp: number;
  } {
    return this.futures.adjustPositionMargin(command);
  }

  getFuturesBalances(userId: string): readonly Types.FuturesBalanceRecord[] {
    return [this.futuresAccounts.balanceRecord(this.futures.accountIdOf(userId))];
  }

  setTradingStop(command: Types.TradingStopCommand): Types.TradingStopRecord {
    return this.futures.setTradingStop(command);
  }

  getCommissionRate(userId: string, symbol: string): Types.CommissionRateRecord {
    this.context.users.requireUser(userId);
    this.context.instruments.require(symbol, 'PERPETUAL');
    const fees = this.context.futuresFees;
    return {
      symbol,
      openMakerFee: fees.openMakerRate,
      openTakerFee: fees.openTakerRate,
      closeMakerFee: fees.closeMakerRate,
      closeTakerFee: fees.closeTakerRate,
    };
  }

  // ----- market data ----------------------------------------------------------
  getFundingRates(symbol?: string): readonly Types.FundingRateRecord[] {
    const contracts =
      symbol === undefined || symbol === ''
        ? this.context.instruments.all().filter((item) => item.kind === 'PERPETUAL')
        : [this.context.instruments.require(symbol, 'PERPETUAL')];
    // Funding settles every eight hours from midnight UTC.
    const nextSettleTime = (Math.floor(this.context.clock.now() / EIGHT_HOURS_MS) + 1) * EIGHT_HOURS_MS;
    return contracts.map((contract) => ({ symbol: contract.symbol, rate: FUNDING_RATE, nextSettleTime }));
  }

  getRiskLimits(symbol: string): readonly Types.RiskLimitTierRecord[] {
    const instrument = this.context.instruments.require(symbol, 'PERPETUAL');
    return (['BUY_OPEN', 'SELL_OPEN'] as const).flatMap((side) =>
      instrument.record.riskLimits.map((tier) => ({
        riskLimitAmount: tier.quantity,
        maintainMargin: tier.maintMargin,
        initialMargin: tier.initialMargin,
        side,
      })),
    );
  }

  getBestOrder(symbol: string): Types.BestOrderRecord {
    const instrument = this.context.instruments.require(symbol);
    return {
      symbol: instrument.symbol,
      bid: this.marketData.best(instrument, 'BUY'),
      ask: this.marketData.best(instrument, 'SELL'),
    };
  }

  getDepth(symbol: string, limit?: number): Types.DepthRecord {
    return this.marketData.depth(this.context.instruments.require(symbol), clampLimit(limit, 100, 200));
  }

  getRecentTrades(symbol: string, limit?: number): readonly Types.PublicTradeRecord[] {
    return this.context.tape.recent(
      this.context.instruments.require(symbol).symbol,
      clampLimit(limit, 100, 1000),
    );
  }

  getMarkPrice(symbol: string): Types.MarkPriceRecord {
    return this.context.marks.record(this.context.instruments.require(symbol).symbol);
  }

  getTicker24h(symbol?: string): readonly Types.Ticker24hRecord[] {
    const instruments =
      symbol === undefined || symbol === ''
        ? this.context.instruments.all()
        : [this.context.instruments.require(symbol)];
    return instruments.map((instrument) => this.marketData.ticker(instrument));
  }

  private afterMarkMove(instrument: Instrument): void {
    if (this.context.matching.paused) return;
    this.requote(instrument);
    if (instrument.kind === 'PERPETUAL') this.futures.settle(instrument.symbol);
  }

  private requote(instrument: Instrument): void {
    if (!this.quoting || this.context.matching.paused) return;
    this.market.requote(instrument);
    if (instrument.kind === 'PERPETUAL') this.futuresAccounts.publishChanges();
  }
}
