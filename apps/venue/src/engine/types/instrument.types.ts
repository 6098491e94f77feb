/** Decimal values cross the engine boundary as strings, never as JS numbers. */
export type DecimalString = string;
/** Milliseconds since the Unix epoch. */
export type EpochMillis = number;

export type InstrumentKind = 'SPOT' | 'PERPETUAL';

export interface RiskLimitRecord {
  readonly riskLimitId: string;
  /** Upper bound of position value (quote asset) for this tier. */
  readonly quantity: DecimalString;
  readonly initialMargin: DecimalString;
  readonly maintMargin: DecimalString;
}

/** Trading rules of one symbol, as the exchange publishes them in exchangeInfo filters. */
export interface InstrumentRecord {
  readonly kind: InstrumentKind;
  /** `ETHUSDT` for spot, `ETHUSDT-PERPETUAL` for contracts. */
  readonly symbol: string;
  readonly baseAsset: string;
  readonly quoteAsset: string;
  /** Contracts only: the asset margin and PnL are settled in. */
  readonly marginAsset: string;
  /** Contracts only: the spot-style index symbol (`ETHUSDT`). */
  readonly indexSymbol: string;
  /** Contracts only: base units per contract; `1` for spot. */
  readonly contractMultiplier: DecimalString;
  readonly baseAssetPrecision: DecimalString;
  readonly quotePrecision: DecimalString;
  readonly minPrice: DecimalString;
  readonly maxPrice: DecimalString;
  readonly tickSize: DecimalString;
  /** In base units for spot, in contracts for perpetuals. */
  readonly minQty: DecimalString;
  readonly maxQty: DecimalString;
  readonly stepSize: DecimalString;
  readonly marketOrderMinQty: DecimalString;
  readonly marketOrderMaxQty: DecimalString;
  readonly minNotional: DecimalString;
  readonly minAmount: DecimalString;
  readonly maxAmount: DecimalString;
  readonly marketOrderMinAmount: DecimalString;
  readonly marketOrderMaxAmount: DecimalString;
  /** Contracts only; empty for spot. */
  readonly riskLimits: readonly RiskLimitRecord[];
  readonly maxLeverage: number;
  readonly defaultLeverage: number;
}

/** Fee rates as fractions (0.001 = 0.1 %). */
export interface SpotFeeSchedule {
  readonly makerRate: DecimalString;
  readonly takerRate: DecimalString;
}

export interface FuturesFeeSchedule {
  readonly openMakerRate: DecimalString;
  readonly openTakerRate: DecimalString;
  readonly closeMakerRate: DecimalString;
  readonly closeTakerRate: DecimalString;
}
