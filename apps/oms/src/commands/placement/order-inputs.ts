/** A spot order as the desk asked for it (REST body or GraphQL input), before domain validation. */
export interface SpotOrderInput {
  readonly account: string;
  readonly symbol: string;
  readonly side: 'BUY' | 'SELL';
  readonly type: 'LIMIT' | 'MARKET' | 'LIMIT_MAKER';
  readonly quantity?: string;
  readonly amount?: string;
  readonly price?: string;
  readonly timeInForce?: 'GTC' | 'IOC' | 'FOK';
  readonly stpMode?: 'EXPIRE_TAKER' | 'EXPIRE_MAKER';
  readonly clientOrderId?: string;
}

/** A futures order (LIMIT, or STOP trigger) as the desk asked for it; quantity in contracts. */
export interface FuturesOrderInput {
  readonly account: string;
  readonly symbol: string;
  readonly side: 'BUY_OPEN' | 'SELL_CLOSE' | 'SELL_OPEN' | 'BUY_CLOSE';
  readonly type: 'LIMIT' | 'STOP';
  readonly quantity: string;
  readonly price?: string;
  readonly priceType?: 'INPUT' | 'MARKET';
  readonly stopPrice?: string;
  readonly timeInForce?: 'GTC' | 'FOK' | 'IOC' | 'LIMIT_MAKER';
  readonly stpMode?: 'EXPIRE_TAKER' | 'EXPIRE_MAKER';
  readonly clientOrderId?: string;
}
