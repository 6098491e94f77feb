import { ContractMultiplierLookup } from '@oms/domain';
import { ExchangeClient } from '@oms/exchange';

/**
 * Contract multipliers of the venue's perpetuals, from exchange info (libs/exchange
 * market data at EXCHANGE_REST_URL), loaded when the fold starts.
 */
export class ContractMultipliers {
  private readonly bySymbol = new Map<string, string>();
  private restUrl: string | null = null;
  private lastLoad = 0;

  constructor(initial: Readonly<Record<string, string>> = {}) {
    for (const [symbol, multiplier] of Object.entries(initial)) this.bySymbol.set(symbol, multiplier);
  }

  /** An unknown symbol (a contract listed since the start) asks for exchange info again, at most every 10 s. */
  readonly lookup: ContractMultiplierLookup = (symbol) => {
    const multiplier = this.bySymbol.get(symbol);
    if (multiplier === undefined && this.restUrl !== null && Date.now() - this.lastLoad > 10_000) {
      this.load(this.restUrl).catch(() => undefined);
    }
    return multiplier;
  };

  async load(restUrl: string): Promise<number> {
    this.restUrl = restUrl;
    this.lastLoad = Date.now();
    const client = new ExchangeClient({ baseUrl: restUrl });
    try {
      const info = await client.market.getExchangeInfo();
      for (const contract of info.contracts) {
        this.bySymbol.set(contract.symbol, String(contract.contractMultiplier));
      }
      return info.contracts.length;
    } finally {
      await client.close();
    }
  }
}
