import { Inject, Injectable } from '@nestjs/common';
import { FuturesOrderRequest, FuturesStopOrderRequest, SpotOrderRequest } from '@oms/domain';
import { COMMANDS_CONFIG } from '../config/commands-config.token';
import { CommandsConfig } from '../config/commands.config';
import { limitsOf } from '../config/order-limits';
import { CommandMetrics } from '../metrics/command-metrics';
import { CommandReadModels } from '../orders/command-read-models';
import { VenueGateway } from '../venue/venue-gateways';
import { IN_FLIGHT_STATUSES } from './order-exposure';
import { FuturesMargin, SpotFunds } from './order-funds';
import { checkFuturesOrder, checkSpotOrder } from './order-pre-trade-checks';
import { PreTradeRefusal, refusalError } from './pre-trade-refusal';

const LEVERAGE_TTL_MS = 60_000;

/**
 * Runs the pre-trade checks of desk orders before anything is recorded or sent: the
 * venue's symbol rules, the desk limits of the account, and the funds left after what
 * open and in-flight orders hold (read models). Throws PRE_TRADE_REFUSED naming the
 * rule and the field. A batch reads the funds once (`spotFunds`, `futuresMargin`) and
 * checks each order against them (`checkSpotWith`, `checkFuturesWith`).
 */
@Injectable()
export class PreTradeService {
  private readonly leverages = new Map<string, { value: string; at: number }>();

  constructor(
    @Inject(COMMANDS_CONFIG) private readonly config: CommandsConfig,
    private readonly readModels: CommandReadModels,
    private readonly metrics: CommandMetrics,
  ) {}

  async checkSpot(gateway: VenueGateway, request: SpotOrderRequest): Promise<void> {
    this.checkSpotWith(gateway, await this.spotFunds(gateway, [request]), request);
  }

  async checkFutures(
    gateway: VenueGateway,
    request: FuturesOrderRequest | FuturesStopOrderRequest,
  ): Promise<void> {
    this.checkFuturesWith(gateway, await this.futuresMargin(gateway, [request]), request);
  }

  /**
   * Reads, once, what checking these spot orders of one account and one symbol needs:
   * the totals of the assets they spend, what holding orders hold, and the symbol's
   * reference price when one of them is a market order.
   */
  async spotFunds(gateway: VenueGateway, requests: readonly SpotOrderRequest[]): Promise<SpotFunds> {
    const [first] = requests;
    const spendAssets = [...new Set(requests.map((request) => spendAssetOf(gateway, request)))];
    // Independent reads, run together: they sit on the path of every order.
    const [referencePrice, funds] = await Promise.all([
      requests.some((request) => request.price === null)
        ? this.referencePrice(gateway, first.symbol, 'spot')
        : Promise.resolve(null),
      this.readModels.spotFunds(first.accountId, spendAssets),
    ]);
    return new SpotFunds(referencePrice, funds.totals, funds.holdings);
  }

  /** Reads, once, what checking these futures orders of one account and one symbol needs. */
  async futuresMargin(
    gateway: VenueGateway,
    requests: ReadonlyArray<FuturesOrderRequest | FuturesStopOrderRequest>,
  ): Promise<FuturesMargin> {
    const [first] = requests;
    const marginAsset = gateway.rules(first.symbol)?.info.quoteAsset ?? 'USDT';
    const opens = requests.some((request) => request.side.endsWith('_OPEN'));
    const needsReference = requests.some(
      (request) =>
        request.price === null && (request.product === 'futures' || !request.side.endsWith('_OPEN')),
    );
    // Independent reads, run together: they sit on the path of every order.
    const [referencePrice, leverage, balance, rows] = await Promise.all([
      needsReference ? this.referencePrice(gateway, first.symbol, 'futures') : null,
      opens ? this.leverage(gateway, first.symbol) : '1',
      opens ? this.readModels.balance(first.accountId, 'futures', marginAsset) : null,
      opens ? this.readModels.holdingOrders(first.accountId, 'futures', IN_FLIGHT_STATUSES) : [],
    ]);
    return new FuturesMargin(referencePrice, leverage, balance?.free ?? null, rows);
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

  private async leverage(gateway: VenueGateway, symbol: string): Promise<string> {
    const key = `${gateway.account.name}\u0000${symbol}`;
    const cached = this.leverages.get(key);
    if (cached !== undefined && Date.now() - cached.at < LEVERAGE_TTL_MS) return cached.value;
    try {
      const [setting] = await gateway.client.futures.getLeverage(symbol);
      const value = setting?.leverage ?? '1';
      this.leverages.set(key, { value, at: Date.now() });
      return value;
    } catch {
      // Without the venue's answer the margin check assumes no leverage: it can only refuse more.
      return cached?.value ?? '1';
    }
  }
}

/** The asset a spot order spends: quote for a buy, base for a sell ('' for a symbol not known). */
function spendAssetOf(gateway: VenueGateway, request: SpotOrderRequest): string {
  const info = gateway.rules(request.symbol)?.info;
  if (info === undefined) return '';
  return request.side === 'BUY' ? info.quoteAsset : info.baseAsset;
}
