import type { InstrumentRecord, RiskLimitRecord } from '../types/instrument.types';

/** Tiers shaped like the exchange's published contract risk limits. */
function riskTiers(prefix: string): RiskLimitRecord[] {
  return [
    { riskLimitId: `${prefix}1`, quantity: '1000000', initialMargin: '0.05', maintMargin: '0.005' },
    { riskLimitId: `${prefix}2`, quantity: '2000000', initialMargin: '0.1', maintMargin: '0.01' },
    { riskLimitId: `${prefix}3`, quantity: '5000000', initialMargin: '0.2', maintMargin: '0.02' },
  ];
}

function spotPair(base: string, quote: string, rules: Partial<InstrumentRecord>): InstrumentRecord {
  const symbol = `${base}${quote}`;
  return {
    kind: 'SPOT',
    symbol,
    baseAsset: base,
    quoteAsset: quote,
    marginAsset: quote,
    indexSymbol: symbol,
    contractMultiplier: '1',
    baseAssetPrecision: '0.0001',
    quotePrecision: '0.000001',
    minPrice: '0.01',
    maxPrice: '1000000',
    tickSize: '0.01',
    minQty: '0.0001',
    maxQty: '1000',
    stepSize: '0.0001',
    marketOrderMinQty: '0.0001',
    marketOrderMaxQty: '500',
    minNotional: '1',
    minAmount: '1',
    maxAmount: '10000000',
    marketOrderMinAmount: '1',
    marketOrderMaxAmount: '5000000',
    riskLimits: [],
    maxLeverage: 1,
    defaultLeverage: 1,
    ...rules,
  };
}

function perpetual(underlying: string, quote: string, rules: Partial<InstrumentRecord>): InstrumentRecord {
  const index = `${underlying}${quote}`;
  const symbol = `${index}-PERPETUAL`;
  return {
    kind: 'PERPETUAL',
    symbol,
    baseAsset: symbol,
    quoteAsset: quote,
    marginAsset: quote,
    indexSymbol: index,
    contractMultiplier: '0.001',
    baseAssetPrecision: '0.001',
    quotePrecision: '0.1',
    minPrice: '0.1',
    maxPrice: '1000000',
    tickSize: '0.1',
    minQty: '1',
    maxQty: '100000',
    stepSize: '1',
    marketOrderMinQty: '1',
    marketOrderMaxQty: '50000',
    minNotional: '0.000001',
    minAmount: '0',
    maxAmount: '100000000',
    marketOrderMinAmount: '0',
    marketOrderMaxAmount: '100000000',
    riskLimits: riskTiers(underlying === 'BTC' ? '20000000' : '20000010'),
    maxLeverage: 20,
    defaultLeverage: 5,
    ...rules,
  };
}

export const DEFAULT_INSTRUMENTS: readonly InstrumentRecord[] = [
  spotPair('BTC', 'USDT', {
    minQty: '0.00001',
    stepSize: '0.00001',
    baseAssetPrecision: '0.00001',
    marketOrderMinQty: '0.00001',
    maxQty: '100',
    marketOrderMaxQty: '50',
  }),
  spotPair('ETH', 'USDT', {}),
  perpetual('BTC', 'USDT', {}),
  perpetual('ETH', 'USDT', { tickSize: '0.01', minPrice: '0.01', quotePrecision: '0.01' }),
];

export const DEFAULT_MARKS: Readonly<Record<string, string>> = {
  BTCUSDT: '67000',
  ETHUSDT: '3300',
  'BTCUSDT-PERPETUAL': '67000',
  'ETHUSDT-PERPETUAL': '3300',
};
