import type { EngineClock } from './engine-clock';
import type {
  AccountRecord,
  AssetTransferCommand,
  AssetTransferRecord,
  CreateUserCommand,
  DepositCommand,
  FuturesBalanceRecord,
  SpotAccountRecord,
  UserRecord,
  VipInfoRecord,
} from './types/account.types';
import type { EngineEventListener, Unsubscribe } from './types/engine-event.types';
import type {
  CommissionRateRecord,
  FundingHistoryQuery,
  FundingHistoryRecord,
  FundingRateRecord,
  FundingSettlementRecord,
  FuturesAnyOrderRecord,
  FuturesCancelOpenOrdersCommand,
  FuturesCancelResult,
  FuturesOrderListQuery,
  FuturesOrderLookup,
  FuturesOrderRecord,
  FuturesPositionRecord,
  FuturesTradeQuery,
  FuturesTradeRecord,
  LeverageRecord,
  MarginType,
  PlaceFuturesOrderCommand,
  PositionMarginAdjustCommand,
  PositionSide,
  RiskLimitTierRecord,
  SettleFundingCommand,
  TradingStopCommand,
  TradingStopRecord,
} from './types/futures.types';
import type {
  FuturesFeeSchedule,
  InstrumentRecord,
  SpotFeeSchedule,
  DecimalString,
  EpochMillis,
} from './types/instrument.types';
import type {
  BestOrderRecord,
  DepthRecord,
  KlineQuery,
  KlineRecord,
  MarkPriceRecord,
  PublicTradeRecord,
  SetMarkPriceCommand,
  SimulatedMarketOptions,
  Ticker24hRecord,
} from './types/market.types';
import type { EngineSnapshot } from './types/snapshot.types';
import type {
  BatchEntryResult,
  BulkCancelResult,
  CancelByIdsResult,
  PlaceSpotOrderCommand,
  SpotCancelOpenOrdersCommand,
  SpotCancelResult,
  SpotOrderListQuery,
  SpotOrderLookup,
  SpotOrderRecord,
  SpotTradeQuery,
  SpotTradeRecord,
} from './types/spot.types';

export interface VenueEngineOptions {
  readonly clock: EngineClock;
  /** Seeds ids and the simulated market; the same seed and calls give the same results. */
  readonly seed: number;
  /** Defaults to the built-in BTC/ETH spot pairs and perpetuals. */
  readonly instruments?: readonly InstrumentRecord[];
  /** Starting mark per symbol; defaults to the built-in marks. */
  readonly initialMarks?: Readonly<Record<string, string>>;
  /** Default maker 0.001, taker 0.0012. */
  readonly spotFees?: SpotFeeSchedule;
  /** Default open/close maker 0.00025, taker 0.0006. */
  readonly futuresFees?: FuturesFeeSchedule;
  /** Off when false: no participant liquidity, only desk orders meet each other. Default on. */
  readonly simulatedMarket?: SimulatedMarketOptions | false;
  /**
   * Milliseconds between funding settlement times, counted from the Unix epoch: the
   * published `nextSettleTime` and `settleDueFunding` follow it. Default eight hours.
   */
  readonly fundingIntervalMs?: number;
}

/**
 * The in-memory exchange: every method is synchronous, mutates state atomically and
 * emits the resulting stream events before returning. Methods throw
 * `VenueEngineError` for anything the real exchange answers with an error body.
 *
 * `userId` identifies the owner of the API key; the transport resolves it.
 */
export interface VenueEngineApi {
  // ----- reference data -------------------------------------------------------
  listInstruments(): readonly InstrumentRecord[];
  getInstrument(symbol: string): InstrumentRecord;
  now(): EpochMillis;

  // ----- control plane --------------------------------------------------------
  createUser(command?: CreateUserCommand): UserRecord;
  getUser(userId: string): UserRecord;
  listUsers(): readonly UserRecord[];
  /** Credits any account of a user; returns the new balance of that asset. */
  deposit(command: DepositCommand): {
    readonly accountId: string;
    readonly asset: string;
    readonly free: DecimalString;
  };
  /** Moves the mark, requotes the simulated market, then fires STOP orders and trading stops. */
  setMarkPrice(command: SetMarkPriceCommand): MarkPriceRecord;
  /** Random-walks every mark `steps` times with the seeded generator, requoting after each step. */
  advanceMarket(steps?: number): readonly MarkPriceRecord[];
  /**
   * While paused, new orders are accepted as PENDING_NEW and wait; cancels still work.
   * Resuming matches the waiting orders in arrival order.
   */
  setMatchingPaused(paused: boolean): void;
  isMatchingPaused(): boolean;
  /**
   * Settles funding now for every perpetual (or one) at the published rate or `rate`:
   * each open position pays or receives mark x contracts x multiplier x rate; the
   * settlement joins the funding history. Liquidations it causes fire at once.
   */
  settleFunding(command?: SettleFundingCommand): readonly FundingSettlementRecord[];
  /**
   * Settles every perpetual at the published rate if the clock has reached an
   * advertised settlement time (the `nextSettleTime` of `getFundingRates`) that was not
   * settled yet, with that time as `settleTime`; otherwise does nothing. A host calls it
   * from a timer; a clock that jumped over several settlement times settles the latest once.
   */
  settleDueFunding(): readonly FundingSettlementRecord[];
  /** The next settlement time, as `getFundingRates` publishes it. */
  nextFundingTime(): EpochMillis;
  snapshot(): EngineSnapshot;

  // ----- events ---------------------------------------------------------------
  /** Events of every account of one user (a listenKey's stream). */
  onUserEvent(userId: string, listener: EngineEventListener): Unsubscribe;
  /** Events of one account only. */
  onAccountEvent(accountId: string, listener: EngineEventListener): Unsubscribe;
  /** Every event of every desk user. */
  onAnyEvent(listener: EngineEventListener): Unsubscribe;

  // ----- spot trading ---------------------------------------------------------
  /** Runs every check of a real placement without touching state (POST orderTest). */
  testSpotOrder(command: PlaceSpotOrderCommand): void;
  placeSpotOrder(command: PlaceSpotOrderCommand): SpotOrderRecord;
  /** Each entry on its own: one failure does not stop the others. */
  placeSpotOrders(commands: readonly PlaceSpotOrderCommand[]): readonly BatchEntryResult<SpotOrderRecord>[];
  cancelSpotOrder(lookup: SpotOrderLookup): SpotCancelResult;
  cancelSpotOpenOrders(command: SpotCancelOpenOrdersCommand): BulkCancelResult<SpotOrderRecord>;
  cancelSpotOrdersByIds(userId: string, orderIds: readonly string[]): CancelByIdsResult<SpotOrderRecord>;
  getSpotOrder(lookup: SpotOrderLookup): SpotOrderRecord;
  /** Live orders, newest first. */
  listSpotOpenOrders(query: SpotOrderListQuery): readonly SpotOrderRecord[];
  /** Orders in a final state, newest first. */
  listSpotTradeOrders(query: SpotOrderListQuery): readonly SpotOrderRecord[];
  listSpotTrades(query: SpotTradeQuery): readonly SpotTradeRecord[];

  // ----- accounts -------------------------------------------------------------
  getSpotAccount(userId: string, accountId?: string): SpotAccountRecord;
  listAccounts(userId: string): readonly AccountRecord[];
  transferAsset(command: AssetTransferCommand): AssetTransferRecord;
  getVipInfo(userId: string, symbols?: readonly string[]): VipInfoRecord;

  // ----- futures trading ------------------------------------------------------
  setLeverage(userId: string, symbol: string, leverage: string): LeverageRecord;
  getLeverage(userId: string, symbol: string): LeverageRecord;
  setMarginType(userId: string, symbol: string, marginType: MarginType): LeverageRecord;
  placeFuturesOrder(command: PlaceFuturesOrderCommand): FuturesAnyOrderRecord;
  placeFuturesOrders(
    commands: readonly PlaceFuturesOrderCommand[],
  ): readonly BatchEntryResult<FuturesOrderRecord>[];
  cancelFuturesOrder(lookup: FuturesOrderLookup): FuturesCancelResult;
  /** DELETE /api/v1/futures/batchOrders and cancelAllOpenOrders: limit and stop orders alike. */
  cancelFuturesOpenOrders(command: FuturesCancelOpenOrdersCommand): BulkCancelResult<FuturesAnyOrderRecord>;
  cancelFuturesOrdersByIds(
    userId: string,
    orderIds: readonly string[],
  ): CancelByIdsResult<FuturesAnyOrderRecord>;
  getFuturesOrder(lookup: FuturesOrderLookup): FuturesAnyOrderRecord;
  listFuturesOpenOrders(query: FuturesOrderListQuery): readonly FuturesAnyOrderRecord[];
  listFuturesHistoryOrders(query: FuturesOrderListQuery): readonly FuturesAnyOrderRecord[];
  listFuturesTrades(query: FuturesTradeQuery): readonly FuturesTradeRecord[];
  /** Open positions only (position > 0). */
  listPositions(userId: string, symbol?: string, side?: PositionSide): readonly FuturesPositionRecord[];
  adjustPositionMargin(command: PositionMarginAdjustCommand): {
    readonly symbol: string;
    readonly margin: DecimalString;
    readonly timestamp: EpochMillis;
  };
  getFuturesBalances(userId: string): readonly FuturesBalanceRecord[];
  setTradingStop(command: TradingStopCommand): TradingStopRecord;
  getCommissionRate(userId: string, symbol: string): CommissionRateRecord;

  // ----- market data ----------------------------------------------------------
  getFundingRates(symbol?: string): readonly FundingRateRecord[];
  /** Past settlements of a perpetual, newest first. */
  getFundingHistory(query: FundingHistoryQuery): readonly FundingHistoryRecord[];
  getRiskLimits(symbol: string): readonly RiskLimitTierRecord[];
  getBestOrder(symbol: string): BestOrderRecord;
  getDepth(symbol: string, limit?: number): DepthRecord;
  getRecentTrades(symbol: string, limit?: number): readonly PublicTradeRecord[];
  getMarkPrice(symbol: string): MarkPriceRecord;
  getTicker24h(symbol?: string): readonly Ticker24hRecord[];
  /** Candles of the public trades kept in memory (the latest trades per symbol). */
  getKlines(query: KlineQuery): readonly KlineRecord[];
}
