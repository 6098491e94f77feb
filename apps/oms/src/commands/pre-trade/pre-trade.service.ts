import { Inject, Injectable } from '@nestjs/common';
import { FuturesOrderRequest, FuturesStopOrderRequest, SpotOrderRequest } from '@oms/domain';
import { SqlExecutor } from '@oms/persistence';
import { CommandAdmission } from '../../orders/order-command.port';
import { COMMANDS_CONFIG } from '../config/commands-config.token';
import { CommandsConfig } from '../config/commands.config';
import { limitsOf } from '../config/order-limits';
import { CommandMetrics } from '../metrics/command-metrics';
import { CommandReadModels } from '../orders/command-read-models';
import { LeverageSettings } from '../venue/leverage-settings';
import { VenueGateway } from '../venue/venue-gateways';
import { IN_FLIGHT_STATUSES } from './order-exposure';
import { FuturesMargin, FuturesPricing, SpotFunds, SpotPricing } from './order-funds';
import { checkFuturesOrder, checkSpotOrder } from './order-pre-trade-checks';
import { PreTradeRefusal, refusalError } from './pre-trade-refusal';

const LEVERAGE_TTL_MS = 60_000;

/** A leverage as the venue answered it, and when it was asked (epoch ms). */
interface VenueLeverage {
  readonly value: string;
  readonly asOf: number;
}

/** No leverage known (orders that only close, or the venue unreachable): margin is the notional. */
const NO_LEVERAGE: VenueLeverage = { value: '1', asOf: 0 };

/**
 * Runs the pre-trade checks of desk orders before anything is recorded or sent: the
 * venue's symbol rules, the desk limits of the account, and the funds left after what
 * open and in-flight orders hold (read models). Throws PRE_TRADE_REFUSED naming the
 * rule and the field. The funds are read and checked in the transaction that records
 * the orders' intents, under the account's lock on them (`spotAdmission`,
 * `futuresAdmission`); a batch reads them once there (`lockedSpotFunds`,
 * `lockedFuturesMargin`) and checks each order against them (`checkSpotWith`,
 * `checkFuturesWith`).
 */
@Injectable()
export class PreTradeService {
  private readonly leverages = new Map<string, VenueLeverage>();

  constructor(
    @Inject(COMMANDS_CONFIG) private readonly config: CommandsConfig,
    private readonly readModels: CommandReadModels,
    private readonly metrics: CommandMetrics,
    private readonly leverageSettings: LeverageSettings,
  ) {}

  /**
   * The admission of one spot order's intent. Its pricing is read and every rule but
   * the funds is checked now (a refusal throws PRE_TRADE_REFUSED naming the rule and the
   * field); the funds are checked in the intent's transaction, under the account's lock
   * on the asset the order spends, so that orders sent together are checked one after
   * the other, each seeing what the intents committed before it hold.
   */
  async spotAdmission(gateway: VenueGateway, request: SpotOrderRequest): Promise<CommandAdmission> {
    const pricing = await this.spotPricing(gateway, [request]);
    this.checkSpotWith(gateway, SpotFunds.unread(pricing), request);
    return async (executor) => {
      this.checkSpotWith(gateway, await this.lockedSpotFunds(gateway, [request], pricing, executor), request);
      return [true];
    };
  }

  /** The admission of one futures order's intent, as `spotAdmission` (the margin is the funds). */
  async futuresAdmission(
    gateway: VenueGateway,
    request: FuturesOrderRequest | FuturesStopOrderRequest,
  ): Promise<CommandAdmission> {
    const pricing = await this.futuresPricing(gateway, [request]);
    this.checkFuturesWith(gateway, FuturesMargin.unread(pricing), request);
    return async (executor) => {
      this.checkFuturesWith(
        gateway,
        await this.lockedFuturesMargin(gateway, [request], pricing, executor),
        request,
      );
      return [true];
    };
  }

  /**
   * What pricing the checks of these spot orders (one account, one symbol) need, read
   * before their intents' transaction, as it may ask the venue: the symbol's reference
   * price when one of them is a market order.
   */
  async spotPricing(gateway: VenueGateway, requests: readonly SpotOrderRequest[]): Promise<SpotPricing> {
    const [first] = requests;
    const market = requests.some((request) => request.price === null);
    return { referencePrice: market ? await this.referencePrice(gateway, first.symbol, 'spot') : null };
  }

  /** What pricing the checks of these futures orders need (reference price, leverage), as `spotPricing`. */
  async futuresPricing(
    gateway: VenueGateway,
    requests: ReadonlyArray<FuturesOrderRequest | FuturesStopOrderRequest>,
  ): Promise<FuturesPricing> {
    const [first] = requests;
    const needsReference = requests.some(
      (request) =>
        request.price === null && (request.product === 'futures' || !request.side.endsWith('_OPEN')),
    );
    const [referencePrice, leverage] = await Promise.all([
      needsReference ? this.referencePrice(gateway, first.symbol, 'futures') : null,
      opensPosition(requests) ? this.leverage(gateway, first.symbol) : NO_LEVERAGE,
    ]);
    return { referencePrice, leverage: leverage.value, leverageAsOf: leverage.asOf };
  }

  /**
   * In the intents' transaction of these spot orders (one account, one symbol): takes the
   * account's lock on each asset they spend, held until the commit, then reads the
   * totals of those assets and what holding orders hold, in one round trip.
   */
  async lockedSpotFunds(
    gateway: VenueGateway,
    requests: readonly SpotOrderRequest[],
    pricing: SpotPricing,
    executor: SqlExecutor,
  ): Promise<SpotFunds> {
    const [first] = requests;
    const spendAssets = [...new Set(requests.map((request) => spendAssetOf(gateway, request)))];
    const [, funds] = await Promise.all([
      this.readModels.lockFunds(executor, first.accountId, 'spot', spendAssets),
      this.readModels.spotFunds(first.accountId, spendAssets, executor),
    ]);
    return new SpotFunds(pricing.referencePrice, funds.totals, funds.holdings);
  }

  /**
   * In the intents' transaction of these futures orders: when one of them opens a
   * position, takes the account's lock on the margin asset, held until the commit, then
   * reads the free margin and the in-flight orders. Orders that only close hold no margin.
   */
  async lockedFuturesMargin(
    gateway: VenueGateway,
    requests: ReadonlyArray<FuturesOrderRequest | FuturesStopOrderRequest>,
    pricing: FuturesPricing,
    executor: SqlExecutor,
  ): Promise<FuturesMargin> {
    if (!opensPosition(requests)) return FuturesMargin.unread(pricing);
    const [first] = requests;
    const marginAsset = gateway.rules(first.symbol)?.info.quoteAsset ?? 'USDT';
    const [, balance, rows, setting] = await Promise.all([
      this.readModels.lockFunds(executor, first.accountId, 'futures', [marginAsset]),
      this.readModels.balance(first.accountId, 'futures', marginAsset, executor),
      this.readModels.holdingOrders(first.accountId, 'futures', IN_FLIGHT_STATUSES, executor),
      this.leverageSettings.latest(executor, first.accountId, first.symbol),
    ]);
    // A leverage set through any OMS process after this one last asked the venue wins.
    const leverage =
      setting !== null && setting.setAtMs > pricing.leverageAsOf ? setting.leverage : pricing.leverage;
    return new FuturesMargin(pricing.referencePrice, leverage, balance?.free ?? null, rows);
  }

  /**
   * Checks one spot order against funds read before; throws PRE_TRADE_REFUSED naming the
   * rule and the field. The caller counts the order in `funds` once its intent goes on.
   */
  checkSpotWith(gateway: VenueGateway, funds: SpotFunds, request: SpotOrderRequest, fieldPrefix = ''): void {
    const spendAsset = spendAssetOf(gateway, request);
    const refused = checkSpotOrder(
      request,
      {
        rules: gateway.rules(request.symbol),
        limits: limitsOf(this.config.limits, request.accountId),
        referencePrice: funds.referencePrice,
        available: funds.available(spendAsset),
        held: funds.held(spendAsset, (symbol) => {
          const other = gateway.rules(symbol)?.info;
          return other === undefined
            ? undefined
            : { baseAsset: other.baseAsset, quoteAsset: other.quoteAsset };
        }),
      },
      spendAsset,
    );
    this.refuse(refused, fieldPrefix);
  }

  /** Checks one futures order against margin read before, as `checkSpotWith` does. */
  checkFuturesWith(
    gateway: VenueGateway,
    margin: FuturesMargin,
    request: FuturesOrderRequest | FuturesStopOrderRequest,
    fieldPrefix = '',
  ): void {
    const rules = gateway.rules(request.symbol);
    const refused = checkFuturesOrder(
      request,
      {
        rules,
        limits: limitsOf(this.config.limits, request.accountId),
        referencePrice: margin.referencePrice,
        available: margin.available(),
        held: margin.held((symbol) => gateway.rules(symbol)?.contractMultiplier?.toString()),
        leverage: margin.leverage,
      },
      rules?.info.quoteAsset ?? 'USDT',
    );
    this.refuse(refused, fieldPrefix);
  }

  private refuse(refused: PreTradeRefusal | null, fieldPrefix: string): void {
    if (refused === null) return;
    this.metrics.preTradeRefused(refused.rule);
    throw refusalError(refused, fieldPrefix);
  }

  /** Forgets a symbol's leverage after the desk changed it. */
  forgetLeverage(account: string, symbol: string): void {
    this.leverages.delete(`${account}\u0000${symbol}`);
  }

  /** The projected mark, else the venue's price (public market data, not the key's budget). */
  private async referencePrice(
    gateway: VenueGateway,
    symbol: string,
    market: 'spot' | 'futures',
  ): Promise<string | null> {
    const mark = await this.readModels.mark(symbol);
    if (mark !== null) return mark;
    try {
      if (market === 'futures') return (await gateway.client.market.getMarkPrice(symbol)).price;
      const [ticker] = await gateway.client.market.getTickerPrices(symbol);
      return ticker?.p ?? null;
    } catch {
      return null;
    }
  }

  /** The venue's leverage of the symbol, asked at most once a minute, and when it was asked. */
  private async leverage(gateway: VenueGateway, symbol: string): Promise<VenueLeverage> {
    const key = `${gateway.account.name}\u0000${symbol}`;
    const cached = this.leverages.get(key);
    if (cached !== undefined && Date.now() - cached.asOf < LEVERAGE_TTL_MS) return cached;
    const askedAt = Date.now();
    try {
      const [setting] = await gateway.client.futures.getLeverage(symbol);
      const leverage = { value: setting?.leverage ?? '1', asOf: askedAt };
      this.leverages.set(key, leverage);
      return leverage;
    } catch {
      // Without the venue's answer the margin check assumes no leverage: it can only refuse more.
      return cached ?? NO_LEVERAGE;
    }
  }
}

/** Whether one of these futures orders opens a position (and so holds margin). */
function opensPosition(requests: ReadonlyArray<FuturesOrderRequest | FuturesStopOrderRequest>): boolean {
  return requests.some((request) => request.side.endsWith('_OPEN'));
}

/** The asset a spot order spends: quote for a buy, base for a sell ('' for a symbol not known). */
function spendAssetOf(gateway: VenueGateway, request: SpotOrderRequest): string {
  const info = gateway.rules(request.symbol)?.info;
  if (info === undefined) return '';
  return request.side === 'BUY' ? info.quoteAsset : info.baseAsset;
}
