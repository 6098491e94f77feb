import { ContractMultiplierLookup } from '@oms/domain';
import { ExchangeClient } from '@oms/exchange';

/**
 * Contract multipliers of the venue's perpetuals, from exchange info (libs/exchange
 * market data at EXCHANGE_REST_URL), loaded when the fold starts.
 */
export class ContractMultipliers {
  private readonly bySymbol = new Map<string, string>();

  constructor(initial: Readonly<Record<string, string>> = {}) {
    for (const [symbol, multiplier] of Object.entries(initial)) this.bySymbol.set(symbol, multiplier);
  }

  readonly lookup: ContractMultiplierLookup = (symbol) => this.bySymbol.get(symbol);

  async load(restUrl: string): Promise<number> {
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
