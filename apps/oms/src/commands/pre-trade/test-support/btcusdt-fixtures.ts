import { SpotOrderRequest } from '@oms/domain';
import { ContractInfo, SpotSymbolInfo } from '@oms/exchange';

/** BTCUSDT spot as the venue's exchange info lists it. */
export const btcusdt: SpotSymbolInfo = {
  symbol: 'BTCUSDT',
  status: 'TRADING',
  baseAsset: 'BTC',
  quoteAsset: 'USDT',
  filters: [
    { filterType: 'PRICE_FILTER', minPrice: '0.01', maxPrice: '10000000', tickSize: '0.01' },
    {
      filterType: 'LOT_SIZE',
      minQty: '0.0001',
      maxQty: '4000',
      stepSize: '0.0001',
      marketOrderMinQty: '0.0001',
      marketOrderMaxQty: '100',
    },
    { filterType: 'MIN_NOTIONAL', minNotional: '10' },
    {
      filterType: 'TRADE_AMOUNT',
      minAmount: '10',
      maxAmount: '10000000',
      marketOrderMinAmount: '10',
      marketOrderMaxAmount: '5000000',
    },
  ],
};

/** BTCUSDT-PERPETUAL, 0.001 BTC a contract. */
export const perpetual: ContractInfo = {
  symbol: 'BTCUSDT-PERPETUAL',
  status: 'TRADING',
  baseAsset: 'BTC',
  quoteAsset: 'USDT',
  contractMultiplier: '0.001',
  filters: [
    { filterType: 'PRICE_FILTER', minPrice: '0.1', maxPrice: '10000000', tickSize: '0.1' },
    { filterType: 'LOT_SIZE', minQty: '0.001', maxQty: '1000', stepSize: '0.001' },
    { filterType: 'MIN_NOTIONAL', minNotional: '5' },
  ],
};

/** A spot limit buy of 0.01 BTC at 30,000 by account 'demo', with these fields changed. */
export const spotRequest = (overrides: Partial<SpotOrderRequest> = {}): SpotOrderRequest => ({
  product: 'spot',
  accountId: 'demo',
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity: '0.01',
  amount: null,
  price: '30000',
  ...overrides,
});
