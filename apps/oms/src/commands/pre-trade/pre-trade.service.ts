import { Inject, Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { FuturesOrderRequest, FuturesStopOrderRequest, SpotOrderRequest } from '@oms/domain';
import { COMMANDS_CONFIG } from '../config/commands-config.token';
import { CommandsConfig } from '../config/commands.config';
import { limitsOf } from '../config/order-limits';
import { CommandMetrics } from '../metrics/command-metrics';
import { CommandReadModels } from '../orders/command-read-models';
import { VenueGateway } from '../venue/venue-gateways';
import { futuresInFlightMargin, IN_FLIGHT_STATUSES, spotHeld } from './order-exposure';
import { checkFuturesOrder, checkSpotOrder } from './order-pre-trade-checks';
import { refusalError } from './pre-trade-refusal';

const LEVERAGE_TTL_MS = 60_000;

/**
 * Runs the pre-trade checks of one order before anything is recorded or sent: the
 * venue's symbol rules, the desk limits of the account, and the funds left after what
 * open and in-flight orders hold (read models). Throws PRE_TRADE_REFUSED naming the
 * rule and the field.
 */
@Injectable()
export class PreTradeService {
  private readonly leverages = new Map<string, { value: string; at: number }>();

  constructor(
    @Inject(COMMANDS_CONFIG) private readonly config: CommandsConfig,
    private readonly readModels: CommandReadModels,
    private readonly metrics: CommandMetrics,
  ) {}

  async checkSpot(gateway: VenueGateway, request: SpotOrderRequest, fieldPrefix = ''): Promise<void> {
    const rules = gateway.rules(request.symbol);
    const info = rules?.info;
    const spendAsset = info === undefined ? '' : request.side === 'BUY' ? info.quoteAsset : info.baseAsset;
    // Independent reads, run together: they sit on the path of every order.
    const [referencePrice, funds] = await Promise.all([
      request.price === null ? this.referencePrice(gateway, request.symbol, 'spot') : Promise.resolve(null),
      this.readModels.spotFunds(request.accountId, spendAsset),
    ]);
    const held = spotHeld(
      funds.holdings,
      spendAsset,
      (symbol) => {
        const other = gateway.rules(symbol)?.info;
        return other === undefined ? undefined : { baseAsset: other.baseAsset, quoteAsset: other.quoteAsset };
      },
      () => referencePrice,
    );
    const refused = checkSpotOrder(
      request,
      {
        rules,
        limits: limitsOf(this.config.limits, request.accountId),
        referencePrice,
        available: funds.total === null ? null : new Decimal(funds.total),
        held,
      },
      spendAsset,
    );
    if (refused !== null) {
      this.metrics.preTradeRefused(refused.rule);
      throw refusalError(refused, fieldPrefix);
    }
  }

  async checkFutures(
    gateway: VenueGateway,
    request: FuturesOrderRequest | FuturesStopOrderRequest,
    fieldPrefix = '',
  ): Promise<void> {
    const rules = gateway.rules(request.symbol);
    const marginAsset = rules?.info.quoteAsset ?? 'USDT';
    const opens = request.side.endsWith('_OPEN');
    // Independent reads, run together: they sit on the path of every order.
    const [referencePrice, leverage, balance, rows] = await Promise.all([
      request.price === null && (request.product === 'futures' || !opens)
        ? this.referencePrice(gateway, request.symbol, 'futures')
        : null,
      opens ? this.leverage(gateway, request.symbol) : '1',
      opens ? this.readModels.balance(request.accountId, 'futures', marginAsset) : null,
      opens ? this.readModels.holdingOrders(request.accountId, 'futures', IN_FLIGHT_STATUSES) : [],
    ]);
    const held = futuresInFlightMargin(
      rows,
      (symbol) => gateway.rules(symbol)?.contractMultiplier?.toString(),
      () => referencePrice,
      () => leverage,
    );
    const refused = checkFuturesOrder(
      request,
      {
        rules,
        limits: limitsOf(this.config.limits, request.accountId),
        referencePrice,
        available: balance === null ? null : new Decimal(balance.free),
        held,
        leverage,
      },
      marginAsset,
    );
    if (refused !== null) {
      this.metrics.preTradeRefused(refused.rule);
      throw refusalError(refused, fieldPrefix);
    }
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
