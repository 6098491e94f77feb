import { ENDPOINTS, ExchangeClient } from '@oms/exchange';
import { lastPriceObservation, MappedObservation, markPriceObservation } from '@oms/observations';
import { IngestMetrics } from '../metrics/ingest-metrics';
import { AccountView } from './account-view';

/**
 * Prices of what the account holds, for unrealized P&L: the mark price of every
 * perpetual with an open position, the last price of every spot asset with a balance
 * (against the quote asset). Public endpoints: they spend no key budget.
 */
export class MarkPoller {
  constructor(
    private readonly accountId: string,
    private readonly client: ExchangeClient,
    private readonly view: AccountView,
    private readonly quoteAsset: string,
    private readonly metrics: IngestMetrics,
    private readonly now: () => number = Date.now,
  ) {}

  async poll(): Promise<MappedObservation[]> {
    const observed: MappedObservation[] = [];
    for (const symbol of this.view.positionSymbols().sort()) {
      this.metrics.pollWeight.inc({ account: this.accountId }, ENDPOINTS.markPrice.weight);
      const mark = await this.client.market.getMarkPrice(symbol);
      observed.push({ event: markPriceObservation(this.accountId, mark), raw: mark });
    }
    const spotSymbols = new Set(
      [...this.view.heldAssets]
        .filter((asset) => asset !== this.quoteAsset)
        .map((asset) => `${asset}${this.quoteAsset}`),
    );
    if (spotSymbols.size > 0) {
      this.metrics.pollWeight.inc({ account: this.accountId }, ENDPOINTS.tickerPrice.weight);
      const tickers = await this.client.market.getTickerPrices();
      const polledAt = this.now();
      for (const ticker of tickers) {
        if (spotSymbols.has(ticker.s))
          observed.push({ event: lastPriceObservation(this.accountId, ticker, polledAt), raw: ticker });
      }
    }
    return observed;
  }
}
