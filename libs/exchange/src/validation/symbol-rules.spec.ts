import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exchangeInfoSchema } from '../wire/exchange-info.wire';
import { SymbolRulebook } from './symbol-rules';

const info = exchangeInfoSchema.parse(
  JSON.parse(readFileSync(join(__dirname, '../../test-fixtures/rest_GET_api_v1_exchangeInfo.json'), 'utf8')),
);
const rules = SymbolRulebook.fromExchangeInfo(info);
const btc = rules.get('BTCUSDT')!;
const perp = rules.get('BTCUSDT-PERPETUAL')!;

describe('SymbolRules', () => {
  const limit = { symbol: 'BTCUSDT', side: 'BUY' as const, type: 'LIMIT' as const };

  it('accepts an order on tick, on step and above the minimum notional', () => {
    expect(() => btc.checkSpotOrder({ ...limit, price: '60000.01', quantity: '0.00002' })).not.toThrow();
  });

  it('names the field off the tick size', () => {
    expect(() => btc.checkSpotOrder({ ...limit, price: '60000.015', quantity: '0.001' })).toThrow(
      expect.objectContaining({ field: 'order.price' }),
    );
  });

  it('names the field off the step size or beyond the lot bounds', () => {
    expect(() => btc.checkSpotOrder({ ...limit, price: '60000', quantity: '0.000015' })).toThrow(
      /order.quantity must be a multiple of 0.00001/,
    );
    expect(() => btc.checkSpotOrder({ ...limit, price: '60000', quantity: '9' })).toThrow(/at most 8/);
  });

  it('refuses a notional below the minimum', () => {
    expect(() => btc.checkSpotOrder({ ...limit, price: '10', quantity: '0.00001' })).toThrow(/notional/);
  });

  it('checks market amounts against the market bounds', () => {
    expect(() => btc.checkSpotOrder({ ...limit, type: 'MARKET', amount: '0.5' })).toThrow(
      /order.amount must be at least 1/,
    );
  });

  it('checks futures contracts in base units (contracts x multiplier)', () => {
    const order = {
      symbol: 'BTCUSDT-PERPETUAL',
      side: 'BUY_OPEN' as const,
      type: 'LIMIT' as const,
      priceType: 'INPUT' as const,
      clientOrderId: 'c',
    };
    expect(() => perp.checkFuturesOrder({ ...order, quantity: '10000', price: '60000.1' })).not.toThrow();
    expect(() => perp.checkFuturesOrder({ ...order, quantity: '10001', price: '60000.1' })).toThrow(
      /order.quantity/,
    );
    expect(() => perp.checkFuturesOrder({ ...order, quantity: '1', price: '60000.15' })).toThrow(
      /order.price/,
    );
  });
});
