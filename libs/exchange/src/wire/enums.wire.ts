import { z } from 'zod';

/** Enumerations of the seeds (resources document, "Enumerations"), plus values seen on the real venue. */

export const spotSides = ['BUY', 'SELL'] as const;
export const spotSide = z.enum(spotSides);
export type SpotSide = z.output<typeof spotSide>;

export const spotOrderTypes = ['LIMIT', 'MARKET', 'LIMIT_MAKER'] as const;
export const spotOrderType = z.enum(spotOrderTypes);
export type WireSpotOrderType = z.output<typeof spotOrderType>;

export const spotTimeInForces = ['GTC', 'IOC', 'FOK'] as const;
export const spotTimeInForce = z.enum(spotTimeInForces);
export type WireSpotTimeInForce = z.output<typeof spotTimeInForce>;

export const stpModes = ['EXPIRE_TAKER', 'EXPIRE_MAKER'] as const;
export const stpMode = z.enum(stpModes);
export type StpMode = z.output<typeof stpMode>;

/** `PENDING_CANCEL` is not in the seeds but the venue's own order documentation lists it. */
export const spotOrderStatuses = [
  'PENDING_NEW',
  'NEW',
  'PARTIALLY_FILLED',
  'PARTIALLY_CANCELED',
  'FILLED',
  'CANCELED',
  'PENDING_CANCEL',
  'REJECTED',
] as const;
export const spotOrderStatus = z.enum(spotOrderStatuses);
export type WireSpotOrderStatus = z.output<typeof spotOrderStatus>;

export const futuresSides = ['BUY_OPEN', 'SELL_CLOSE', 'SELL_OPEN', 'BUY_CLOSE'] as const;
export const futuresSide = z.enum(futuresSides);
export type FuturesSide = z.output<typeof futuresSide>;

export const futuresRequestTypes = ['LIMIT', 'STOP'] as const;
export const futuresRequestType = z.enum(futuresRequestTypes);
export type FuturesRequestType = z.output<typeof futuresRequestType>;

/** Types a futures limit-type record reports (`MARKET` appears on trades and some records). */
export const futuresLimitOrderTypes = ['LIMIT', 'LIMIT_MAKER', 'MARKET_OF_BASE', 'MARKET'] as const;
export const futuresLimitOrderType = z.enum(futuresLimitOrderTypes);
export type FuturesLimitOrderType = z.output<typeof futuresLimitOrderType>;

export const futuresPriceTypes = ['INPUT', 'MARKET'] as const;
export const futuresPriceType = z.enum(futuresPriceTypes);
export type WireFuturesPriceType = z.output<typeof futuresPriceType>;

export const futuresTimeInForces = ['GTC', 'FOK', 'IOC', 'LIMIT_MAKER'] as const;
export const futuresTimeInForce = z.enum(futuresTimeInForces);
export type WireFuturesTimeInForce = z.output<typeof futuresTimeInForce>;

export const futuresLimitOrderStatuses = [
  'NEW',
  'PARTIALLY_FILLED',
  'FILLED',
  'CANCELED',
  'PARTIALLY_CANCELED',
  'PENDING_CANCEL',
  'REJECTED',
] as const;
export const futuresLimitOrderStatus = z.enum(futuresLimitOrderStatuses);
export type FuturesLimitOrderStatus = z.output<typeof futuresLimitOrderStatus>;

export const futuresStopOrderStatuses = [
  'ORDER_NEW',
  'ORDER_FILLED',
  'ORDER_REJECTED',
  'ORDER_CANCELED',
  'ORDER_FAILED',
  'ORDER_NOT_EFFECTIVE',
] as const;
export const futuresStopOrderStatus = z.enum(futuresStopOrderStatuses);
export type WireFuturesStopOrderStatus = z.output<typeof futuresStopOrderStatus>;

export const positionSides = ['LONG', 'SHORT'] as const;
export const positionSide = z.enum(positionSides);
export type WirePositionSide = z.output<typeof positionSide>;

export const marginTypes = ['CROSS', 'ISOLATED'] as const;
export const marginType = z.enum(marginTypes);
export type MarginType = z.output<typeof marginType>;

export const triggerPriceTypes = ['MARK_PRICE', 'CONTRACT_PRICE'] as const;
export const triggerPriceType = z.enum(triggerPriceTypes);
export type TriggerPriceType = z.output<typeof triggerPriceType>;

/** 1 main trading, 3 main futures, 5 custody, 6 fiat (sub accounts share the numbers). */
export const accountTypeCodes = ['1', '3', '5', '6'] as const;

/** `ticketInfo.S` is plain BUY/SELL even for futures fills. */
export const fillSide = spotSide;

/** The `site` parameter of market data endpoints. */
export const marketSites = ['HK', 'MENA'] as const;
export type MarketSite = (typeof marketSites)[number];
