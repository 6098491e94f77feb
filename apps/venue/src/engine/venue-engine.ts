import type { EngineParts } from './engine-assembly';
import { assembleEngine } from './engine-assembly';
import { buildKlines } from './market/kline-builder';
import { buildSnapshot } from './snapshot/snapshot-builder';
import { VenueEngineError } from './engine-error';
import { clampLimit } from './spot/spot-queries';
import { parsePositiveDecimalField } from './support/engine-decimal';
import type { VenueEngineApi, VenueEngineOptions } from './venue-engine.contract';
import type * as Types from './engine-types';

/** The in-memory exchange behind the venue's REST and WebSocket API. See `VenueEngineApi`. */
export class VenueEngine implements VenueEngineApi {
  private readonly context: EngineParts['context'];
  private readonly spot: EngineParts['spot'];
  private readonly futures: EngineParts['futures'];
  private readonly futuresQueries: EngineParts['futuresQueries'];
  private readonly accountService: EngineParts['accountService'];
  private readonly marketData: EngineParts['marketData'];
  private readonly marketControl: EngineParts['marketControl'];
  private readonly spotStore: EngineParts['spotStore'];
  private readonly futuresStore: EngineParts['futuresStore'];
  private readonly futuresAccounts: EngineParts['futuresAccounts'];
  private readonly funding: EngineParts['funding'];
  private readonly fundingSchedule: EngineParts['fundingSchedule'];

  constructor(options: VenueEngineOptions) {
    const parts = assembleEngine(options);
    this.context = parts.context;
    this.spot = parts.spot;
    this.futures = parts.futures;
    this.futuresQueries = parts.futuresQueries;
    this.accountService = parts.accountService;
    this.marketData = parts.marketData;
    this.marketControl = parts.marketControl;
    this.spotStore = parts.spotStore;
    this.futuresStore = parts.futuresStore;
    this.futuresAccounts = parts.futuresAccounts;
    this.funding = parts.funding;
    this.fundingSchedule = parts.fundingSchedule;
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
    return this.marketControl.setMark(instrument, parsePositiveDecimalField(command.price, 'price'));
  }

  advanceMarket(steps = 1): readonly Types.MarkPriceRecord[] {
    return this.marketControl.advance(steps);
  }

  setMatchingPaused(paused: boolean): void {
    this.marketControl.setPaused(paused);
  }

  settleFunding(command: Types.SettleFundingCommand = {}): readonly Types.FundingSettlementRecord[] {
    return this.funding.settle(command);
  }

  settleDueFunding(): readonly Types.FundingSettlementRecord[] {
    return this.funding.settleDue();
  }

  nextFundingTime(): number {
    return this.fundingSchedule.nextSettleTime();
  }

  isMatchingPaused(): boolean {
    return this.context.matching.paused;
  }

  snapshot(): Types.EngineSnapshot {
    return buildSnapshot(this.context, this.spotStore, this.futuresStore, this.futuresAccounts, this.funding);
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
    return this.marketData.fundingRates(contracts);
  }

  getFundingHistory(query: Types.FundingHistoryQuery): readonly Types.FundingHistoryRecord[] {
    return this.funding.historyOf(query);
  }

  getRiskLimits(symbol: string): readonly Types.RiskLimitTierRecord[] {
    return this.marketData.riskLimits(this.context.instruments.require(symbol, 'PERPETUAL'));
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

  getKlines(query: Types.KlineQuery): readonly Types.KlineRecord[] {
    const instrument = this.context.instruments.require(query.symbol);
    const trades = this.context.tape.between(
      instrument.symbol,
      query.startTime ?? 0,
      query.endTime ?? Number.MAX_SAFE_INTEGER,
    );
    return buildKlines(instrument, trades, query.interval, clampLimit(query.limit, 500, 1000));
  }
}
