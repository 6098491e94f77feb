import Decimal from 'decimal.js';
import { FuturesOrderRequest } from '@oms/domain';
import { SymbolRules } from '@oms/exchange';
import { checkFuturesOrder, checkSpotOrder, PreTradeContext } from './order-pre-trade-checks';
import { btcusdt, perpetual, spotRequest as spot } from './test-support/btcusdt-fixtures';
import { futuresInFlightMargin, HoldingOrderRow, SpotHolding, spotHeld } from './order-exposure';

const context = (overrides: Partial<PreTradeContext> = {}): PreTradeContext => ({
  rules: new SymbolRules(btcusdt),
  limits: { maxOrderNotional: null, maxOrderQty: null },
  referencePrice: '30000',
  available: new Decimal('1000000'),
  held: new Decimal(0),
  ...overrides,
});

describe('spot pre-trade checks', () => {
  it('passes an order inside every filter, limit and balance', () => {
    expect(checkSpotOrder(spot(), context(), 'USDT')).toBeNull();
  });

  it.each([
    ['an unknown symbol', spot({ symbol: 'NOPEUSDT' }), context(), 'SYMBOL_UNKNOWN', 'symbol'],
    [
      'a futures symbol on the spot route',
      spot(),
      context({ rules: new SymbolRules(perpetual) }),
      'SYMBOL_UNKNOWN',
      'symbol',
    ],
    [
      'a halted symbol',
      spot(),
      context({ rules: new SymbolRules({ ...btcusdt, status: 'HALT' }) }),
      'SYMBOL_NOT_TRADING',
      'symbol',
    ],
    ['a price off the tick', spot({ price: '30000.005' }), context(), 'PRICE_TICK', 'price'],
    ['a quantity off the step', spot({ quantity: '0.01005' }), context(), 'QUANTITY_STEP', 'quantity'],
    ['a quantity below the lot', spot({ quantity: '0.00001' }), context(), 'QUANTITY_RANGE', 'quantity'],
    [
      'a notional below the minimum',
      spot({ quantity: '0.0001', price: '1000' }),
      context(),
      'MIN_NOTIONAL',
      'quantity',
    ],
    [
      'a market amount below the bound',
      spot({ type: 'MARKET', timeInForce: 'IOC', quantity: null, price: null, amount: '5' }),
      context(),
      'MARKET_AMOUNT_RANGE',
      'amount',
    ],
    [
      'more than the max order quantity',
      spot({ quantity: '2' }),
      context({ limits: { maxOrderNotional: null, maxOrderQty: '1' } }),
      'MAX_ORDER_QTY',
      'quantity',
    ],
    [
      'more than the notional limit',
      spot({ quantity: '1' }),
      context({ limits: { maxOrderNotional: '20000', maxOrderQty: null } }),
      'MAX_ORDER_NOTIONAL',
      'quantity',
    ],
    [
      'a buy beyond the balance left by other orders',
      spot({ quantity: '1' }),
      context({ available: new Decimal('40000'), held: new Decimal('15000') }),
      'AVAILABLE_BALANCE',
      'quantity',
    ],
    [
      'a sell beyond the base held',
      spot({ side: 'SELL', quantity: '2' }),
      context({ available: new Decimal('1.5'), held: new Decimal(0) }),
      'AVAILABLE_BALANCE',
      'quantity',
    ],
    [
      'a market buy by quantity without any price to value it',
      spot({ type: 'MARKET', timeInForce: 'IOC', price: null }),
      context({ referencePrice: null }),
      'REFERENCE_PRICE',
      'quantity',
    ],
  ])('refuses %s, naming the rule and the field', (_title, request, given, rule, field) => {
    expect(checkSpotOrder(request, given, 'USDT')).toMatchObject({ rule, field });
  });

  it('leaves the funds rule to the venue while the read models know no balance yet', () => {
    expect(checkSpotOrder(spot({ quantity: '100' }), context({ available: null }), 'USDT')).toBeNull();
  });

  it('values a market buy by amount at its amount', () => {
    const request = spot({ type: 'MARKET', timeInForce: 'IOC', quantity: null, price: null, amount: '500' });
    expect(checkSpotOrder(request, context({ available: new Decimal('499') }), 'USDT')).toMatchObject({
      rule: 'AVAILABLE_BALANCE',
      field: 'amount',
    });
    expect(checkSpotOrder(request, context({ available: new Decimal('500') }), 'USDT')).toBeNull();
  });

  it('values a market sell by amount in base at the reference price, and refuses it without one', () => {
    const request = spot({
      side: 'SELL',
      type: 'MARKET',
      timeInForce: 'IOC',
      quantity: null,
      price: null,
      amount: '3000',
    });
    // 3000 USDT at 30000 gives up 0.1 BTC.
    expect(checkSpotOrder(request, context({ available: new Decimal('0.1') }), 'BTC')).toBeNull();
    expect(checkSpotOrder(request, context({ available: new Decimal('0.0999') }), 'BTC')).toMatchObject({
      rule: 'AVAILABLE_BALANCE',
      field: 'amount',
    });
    expect(checkSpotOrder(request, context({ referencePrice: null }), 'BTC')).toMatchObject({
      rule: 'REFERENCE_PRICE',
      field: 'amount',
    });
  });
});

describe('futures pre-trade checks', () => {
  const order = (overrides: Partial<FuturesOrderRequest> = {}): FuturesOrderRequest => ({
    product: 'futures',
    accountId: 'demo',
    symbol: 'BTCUSDT-PERPETUAL',
    side: 'BUY_OPEN',
    priceType: 'INPUT',
    quantity: '10',
    price: '30000',
    timeInForce: 'GTC',
    ...overrides,
  });
  const futures = (overrides: Partial<PreTradeContext> = {}) =>
    context({ rules: new SymbolRules(perpetual), leverage: '10', ...overrides });

  it('measures contracts in base units and margin as notional over leverage', () => {
    // 10 contracts x 0.001 x 30000 = 300 notional, 30 margin at 10x.
    expect(checkFuturesOrder(order(), futures({ available: new Decimal('30') }), 'USDT')).toBeNull();
    expect(checkFuturesOrder(order(), futures({ available: new Decimal('29.9') }), 'USDT')).toMatchObject({
      rule: 'AVAILABLE_MARGIN',
      field: 'quantity',
    });
  });

  it('lets a closing order through without margin', () => {
    expect(
      checkFuturesOrder(order({ side: 'SELL_CLOSE' }), futures({ available: new Decimal(0) }), 'USDT'),
    ).toBeNull();
  });

  it('refuses a spot symbol on the futures route and a price off the tick', () => {
    expect(checkFuturesOrder(order({ symbol: 'BTCUSDT' }), futures(), 'USDT')).toMatchObject({
      rule: 'SYMBOL_UNKNOWN',
    });
    expect(checkFuturesOrder(order({ price: '30000.05' }), futures(), 'USDT')).toMatchObject({
      rule: 'PRICE_TICK',
      field: 'price',
    });
  });

  it('refuses contracts outside the lot filter in contracts, the filter being in base units', () => {
    // maxQty 1000 BTC at 0.001 BTC a contract: 1,000,000 contracts.
    expect(checkFuturesOrder(order({ quantity: '1000001' }), futures(), 'USDT')).toEqual({
      rule: 'QUANTITY_RANGE',
      field: 'quantity',
      message: 'must be at most 1000000, got 1000001 contracts',
    });
    expect(
      checkFuturesOrder(order({ quantity: '99999999999999999999999999999999' }), futures(), 'USDT'),
    ).toMatchObject({ message: 'must be at most 1000000, got 99999999999999999999999999999999 contracts' });
  });

  it('applies the max quantity to contracts', () => {
    expect(
      checkFuturesOrder(order(), futures({ limits: { maxOrderNotional: null, maxOrderQty: '5' } }), 'USDT'),
    ).toMatchObject({ rule: 'MAX_ORDER_QTY', field: 'quantity' });
  });
});

describe('what open and in-flight orders hold', () => {
  const row = (overrides: Partial<HoldingOrderRow>): HoldingOrderRow => ({
    symbol: 'BTCUSDT',
    side: 'BUY',
    type: 'LIMIT',
    status: 'NEW',
    price: '30000',
    origQty: '1',
    amount: null,
    executedQty: '0.25',
    cumulativeQuoteQty: '7500',
    leverage: null,
    ...overrides,
  });
  const assets = () => ({ baseAsset: 'BTC', quoteAsset: 'USDT' });

  const holding = (overrides: Partial<SpotHolding>): SpotHolding => ({
    symbol: 'BTCUSDT',
    side: 'BUY',
    remainingQty: '0',
    unspentAmount: '0',
    limitQuote: '0',
    marketRemainingQty: '0',
    ...overrides,
  });

  it('counts remaining buys in quote, market buys by their unspent amount and sells in base', () => {
    const holdings = [
      holding({ remainingQty: '0.75', unspentAmount: '1000', limitQuote: '22500' }),
      holding({ side: 'SELL', remainingQty: '1.5' }),
    ];
    expect(spotHeld(holdings, 'USDT', assets, () => null).toFixed()).toBe('23500');
    expect(spotHeld(holdings, 'BTC', assets, () => null).toFixed()).toBe('1.5');
  });

  it('values the unraised amount of market sells by amount in base at the reference price', () => {
    const holdings = [holding({ side: 'SELL', remainingQty: '0.5', unspentAmount: '3200' })];
    expect(spotHeld(holdings, 'BTC', assets, () => '32000').toFixed()).toBe('0.6');
    expect(spotHeld(holdings, 'BTC', assets, () => null).toFixed()).toBe('0.5');
    expect(spotHeld(holdings, 'USDT', assets, () => '32000').toFixed()).toBe('0');
  });

  it('values market buys by quantity at the reference price, and not at all without one', () => {
    const holdings = [holding({ remainingQty: '0.5', marketRemainingQty: '0.5' })];
    expect(spotHeld(holdings, 'USDT', assets, () => '32000').toFixed()).toBe('16000');
    expect(spotHeld(holdings, 'USDT', assets, () => null).toFixed()).toBe('0');
  });

  it('leaves out symbols whose assets are unknown and assets the order does not spend', () => {
    const holdings = [holding({ limitQuote: '100' }), holding({ symbol: 'ETHBTC', limitQuote: '7' })];
    const known = (symbol: string) => (symbol === 'BTCUSDT' ? assets() : undefined);
    expect(spotHeld(holdings, 'USDT', known, () => null).toFixed()).toBe('100');
    expect(spotHeld(holdings, 'ETH', known, () => null).toFixed()).toBe('0');
  });

  it('counts the margin of in-flight opening futures orders only', () => {
    const rows = [
      row({
        symbol: 'BTCUSDT-PERPETUAL',
        side: 'BUY_OPEN',
        status: 'PENDING_SUBMIT',
        origQty: '10',
        executedQty: '0',
      }),
      row({ symbol: 'BTCUSDT-PERPETUAL', side: 'BUY_OPEN', status: 'NEW', origQty: '10', executedQty: '0' }),
      row({
        symbol: 'BTCUSDT-PERPETUAL',
        side: 'SELL_CLOSE',
        status: 'UNCERTAIN',
        origQty: '10',
        executedQty: '0',
      }),
    ];
    expect(
      futuresInFlightMargin(
        rows,
        () => '0.001',
        () => null,
        () => '10',
      ).toFixed(),
    ).toBe('30');
  });
});
