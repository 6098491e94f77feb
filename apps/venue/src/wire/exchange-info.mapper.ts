import Decimal from 'decimal.js';
import type { InstrumentRecord } from '../engine';

/**
 * The exchange publishes a contract's LOT_SIZE in base units (0.001 BTC), and clients
 * divide by contractMultiplier to get contracts; the engine keeps contracts.
 */
function lotSizeInBaseUnits(instrument: InstrumentRecord, contracts: string): string {
  if (instrument.kind === 'SPOT') return contracts;
  return new Decimal(contracts).mul(instrument.contractMultiplier).toString();
}

function filters(instrument: InstrumentRecord) {
  const isContract = instrument.kind === 'PERPETUAL';
  const lot = (value: string) => lotSizeInBaseUnits(instrument, value);
  const list: Array<Record<string, unknown>> = [
    {
      minPrice: instrument.minPrice,
      maxPrice: instrument.maxPrice,
      tickSize: instrument.tickSize,
      filterType: 'PRICE_FILTER',
    },
    {
      minQty: lot(instrument.minQty),
      maxQty: lot(instrument.maxQty),
      stepSize: lot(instrument.stepSize),
      marketOrderMinQty: lot(instrument.marketOrderMinQty),
      marketOrderMaxQty: lot(instrument.marketOrderMaxQty),
      filterType: 'LOT_SIZE',
    },
    { minNotional: instrument.minNotional, filterType: 'MIN_NOTIONAL' },
  ];
  if (!isContract) {
    list.push({
      minAmount: instrument.minAmount,
      maxAmount: instrument.maxAmount,
      minBuyPrice: '0',
      marketOrderMinAmount: instrument.marketOrderMinAmount,
      marketOrderMaxAmount: instrument.marketOrderMaxAmount,
      filterType: 'TRADE_AMOUNT',
    });
  }
  list.push(
    isContract
      ? {
          maxSellPrice: '999999',
          buyPriceUpRate: '0.05',
          sellPriceDownRate: '0.05',
          maxEntrustNum: 200,
          maxConditionNum: 200,
          filterType: 'LIMIT_TRADING',
        }
      : { maxSellPrice: '0', buyPriceUpRate: '0.1', sellPriceDownRate: '0.1', filterType: 'LIMIT_TRADING' },
    {
      buyPriceUpRate: isContract ? '0.05' : '0.1',
      sellPriceDownRate: isContract ? '0.05' : '0.1',
      filterType: 'MARKET_TRADING',
    },
  );
  return list;
}

export function toSpotSymbolInfo(instrument: InstrumentRecord) {
  return {
    symbol: instrument.symbol,
    symbolName: instrument.symbol,
    status: 'TRADING',
    baseAsset: instrument.baseAsset,
    baseAssetName: instrument.baseAsset,
    baseAssetPrecision: instrument.baseAssetPrecision,
    quoteAsset: instrument.quoteAsset,
    quoteAssetName: instrument.quoteAsset,
    quotePrecision: instrument.quotePrecision,
    retailAllowed: true,
    piAllowed: true,
    corporateAllowed: true,
    omnibusAllowed: true,
    icebergAllowed: false,
    isAggregate: false,
    allowMargin: false,
    filters: filters(instrument),
  };
}

export function toContractInfo(instrument: InstrumentRecord) {
  return {
    filters: filters(instrument),
    exchangeId: '301',
    symbol: instrument.symbol,
    symbolName: instrument.symbol,
    status: 'TRADING',
    baseAsset: instrument.symbol,
    baseAssetPrecision: instrument.baseAssetPrecision,
    quoteAsset: instrument.quoteAsset,
    quoteAssetPrecision: instrument.quotePrecision,
    icebergAllowed: false,
    inverse: false,
    index: instrument.quoteAsset,
    marginToken: instrument.marginAsset,
    marginPrecision: '0.0001',
    contractMultiplier: instrument.contractMultiplier,
    underlying: underlyingOf(instrument),
    riskLimits: instrument.riskLimits.map((limit) => ({ ...limit, isWhite: false })),
  };
}

/** `BTC` for BTCUSDT-PERPETUAL: the index symbol without its quote asset. */
function underlyingOf(instrument: InstrumentRecord): string {
  const { indexSymbol, quoteAsset } = instrument;
  return indexSymbol.endsWith(quoteAsset) ? indexSymbol.slice(0, -quoteAsset.length) : indexSymbol;
}

function toCoinInfo(asset: string) {
  return {
    orgId: '9001',
    coinId: asset,
    coinName: asset,
    coinFullName: asset,
    allowWithdraw: true,
    allowDeposit: true,
    tokenType: 'CHAIN_TOKEN',
    chainTypes: [],
  };
}

/** GET /api/v1/exchangeInfo without `symbol`: the wrapper with spot symbols, contracts and coins. */
export function toExchangeInfo(instruments: readonly InstrumentRecord[], serverTime: number) {
  const spot = instruments.filter((instrument) => instrument.kind === 'SPOT');
  const contracts = instruments.filter((instrument) => instrument.kind === 'PERPETUAL');
  const assets = new Set<string>();
  for (const instrument of spot) {
    assets.add(instrument.baseAsset);
    assets.add(instrument.quoteAsset);
  }
  for (const instrument of contracts) assets.add(instrument.marginAsset);
  return {
    timezone: 'UTC',
    serverTime: String(serverTime),
    brokerFilters: [],
    symbols: spot.map(toSpotSymbolInfo),
    options: [],
    contracts: contracts.map(toContractInfo),
    coins: [...assets].sort().map(toCoinInfo),
  };
}
