import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ExchangeClient } from '../exchange-client';
import { HttpTransport, TransportFailure } from '../http/http-transport';
import { InvalidRequestError } from '../errors/exchange-errors';
import { SymbolRulebook } from '../validation/symbol-rules';
import { exchangeInfoSchema } from '../wire/exchange-info.wire';

/** A transport that fails the spec if anything reaches the network. */
const noNetwork: HttpTransport = {
  send: (request) =>
    Promise.reject(
      new TransportFailure('not-sent', 'connect-failed', 'NO_NETWORK', `${request.method} ${request.url}`),
    ),
  close: () => Promise.resolve(),
};

const client = new ExchangeClient({
  baseUrl: 'http://127.0.0.1:9',
  credentials: { kind: 'hmac', apiKey: 'k', secretKey: 's' },
  transport: noNetwork,
  readRetry: { attempts: 1 },
});

const limit = {
  symbol: 'ETHUSDT',
  side: 'BUY' as const,
  type: 'LIMIT' as const,
  quantity: '1',
  price: '2000',
};

async function rejectedField(outcome: Promise<unknown>): Promise<string> {
  const result = (await outcome) as { kind: string; sent: boolean; error: InvalidRequestError };
  expect(result).toMatchObject({ kind: 'rejected', sent: false });
  expect(result.error).toBeInstanceOf(InvalidRequestError);
  return result.error.field;
}

describe('spot and account checks before sending', () => {
  it.each([
    ['a LIMIT order without price', { ...limit, price: undefined }, 'order.price'],
    ['a LIMIT order without quantity', { ...limit, quantity: undefined }, 'order.quantity'],
    ['a price as words', { ...limit, price: 'cheap' }, 'order.price'],
    ['a negative quantity', { ...limit, quantity: '-1' }, 'order.quantity'],
    ['an amount on a LIMIT order', { ...limit, amount: '10' }, 'order.amount'],
    [
      'a MARKET order with neither quantity nor amount',
      { ...limit, type: 'MARKET' as const, price: undefined, quantity: undefined },
      'order.quantity',
    ],
    [
      'a MARKET order with both quantity and amount',
      { ...limit, type: 'MARKET' as const, price: undefined, amount: '5' },
      'order.amount',
    ],
    [
      'a client order id over 255 characters',
      { ...limit, newClientOrderId: 'x'.repeat(256) },
      'order.newClientOrderId',
    ],
    ['an empty symbol', { ...limit, symbol: '' }, 'order.symbol'],
  ])('refuses %s', async (_name, order, field) => {
    expect(await rejectedField(client.spot.placeOrder(order))).toBe(field);
  });

  it('accepts a client order id of exactly 255 characters up to the network', async () => {
    const outcome = await client.spot.placeOrder({ ...limit, newClientOrderId: 'x'.repeat(255) });
    expect(outcome).toMatchObject({ kind: 'rejected', sent: false, error: { kind: 'unavailable' } });
  });

  it('refuses amount on the v1.0 endpoint', async () => {
    const market = { symbol: 'ETHUSDT', side: 'BUY' as const, type: 'MARKET' as const, amount: '20' };
    expect(await rejectedField(client.spot.placeOrderLegacy(market))).toBe('order.amount');
  });

  it('limits batches to 20 orders of one symbol with distinct client ids', async () => {
    const orders = Array.from({ length: 21 }, (_, i) => ({ ...limit, newClientOrderId: `c${i}` }));
    expect(await rejectedField(client.spot.placeBatch(orders))).toBe('orders');
    expect(await rejectedField(client.spot.placeBatch([]))).toBe('orders');
    expect(await rejectedField(client.spot.placeBatch([limit, { ...limit, symbol: 'BTCUSDT' }]))).toBe(
      'orders[1].symbol',
    );
    const twice = [
      { ...limit, newClientOrderId: 'a' },
      { ...limit, newClientOrderId: 'a' },
    ];
    expect(await rejectedField(client.spot.placeBatch(twice))).toBe('orders[1].newClientOrderId');
    expect(await rejectedField(client.spot.placeBatch([limit, { ...limit, price: '1.5.5' }]))).toBe(
      'orders[1].price',
    );
  });

  it('limits cancel-by-ids to 100 well-formed ids and needs an id to cancel one order', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => String(i));
    expect(await rejectedField(client.spot.cancelOrdersByIds(ids))).toBe('orderIds');
    expect(await rejectedField(client.spot.cancelOrdersByIds(['1', '2,3']))).toBe('orderIds[1]');
    expect(await rejectedField(client.spot.cancelOrder({}))).toBe('orderId or clientOrderId');
  });

  it('refuses bad transfers: quantity, and a client order id over 64 characters', async () => {
    const transfer = { fromAccountId: '1', toAccountId: '2', coin: 'USDT', quantity: '1' };
    expect(await rejectedField(client.account.transfer({ ...transfer, quantity: '0' }))).toBe('quantity');
    expect(await rejectedField(client.account.transfer({ ...transfer, clientOrderId: 'x'.repeat(65) }))).toBe(
      'clientOrderId',
    );
  });

  it('refuses bad list limits on reads with a clear error', async () => {
    await expect(client.spot.getOpenOrders({ limit: 1001 })).rejects.toMatchObject({ field: 'limit' });
    await expect(client.account.getTrades({ limit: 0 })).rejects.toMatchObject({ field: 'limit' });
    await expect(client.spot.getOrder({})).rejects.toMatchObject({ field: 'orderId or origClientOrderId' });
    await expect(client.market.getDepth('BTCUSDT', 201)).rejects.toMatchObject({ field: 'limit' });
  });

  it('refuses a configuration it cannot use, naming the setting', () => {
    expect(() => new ExchangeClient({ baseUrl: 'not a url' })).toThrow(
      expect.objectContaining({ field: 'baseUrl' }),
    );
    expect(() => new ExchangeClient({ baseUrl: 'ftp://x' })).toThrow(
      expect.objectContaining({ field: 'baseUrl' }),
    );
    expect(() => new ExchangeClient({ baseUrl: 'http://x', apiKeyHeader: 'X APIKEY' })).toThrow(
      /apiKeyHeader/,
    );
    expect(() => new ExchangeClient({ baseUrl: 'http://x', recvWindowMs: 8001 })).toThrow(/recvWindow/);
    const untyped = (value: string) => value as never;
    expect(() => new ExchangeClient({ baseUrl: 'http://x', siteFamily: untyped('pro') })).toThrow(
      expect.objectContaining({ field: 'siteFamily' }),
    );
    expect(() => new ExchangeClient({ baseUrl: 'http://x', marketSite: untyped('hk') })).toThrow(
      expect.objectContaining({ field: 'marketSite' }),
    );
  });

  it('refuses signed calls without credentials', async () => {
    const anonymous = new ExchangeClient({ baseUrl: 'http://127.0.0.1:9', transport: noNetwork });
    await expect(anonymous.account.getAccount()).rejects.toMatchObject({ field: 'credentials' });
    expect(await anonymous.spot.placeOrder(limit)).toMatchObject({
      kind: 'rejected',
      sent: false,
      error: { field: 'credentials' },
    });
  });
});

describe('checks against the seeds and the exchange-info filters', () => {
  const info = exchangeInfoSchema.parse(
    JSON.parse(
      readFileSync(join(__dirname, '../../test-fixtures/rest_GET_api_v1_exchangeInfo.json'), 'utf8'),
    ),
  );
  const [contract] = info.contracts;
  // A contract whose lot step spans ten contracts and whose notional has a floor.
  const coarseContract = {
    ...contract,
    symbol: 'COARSE-PERPETUAL',
    filters: contract.filters.map((filter) => {
      if (filter.filterType === 'LOT_SIZE') return { ...filter, stepSize: '0.01' };
      if (filter.filterType === 'MIN_NOTIONAL') return { ...filter, minNotional: '50' };
      return filter;
    }),
  };
  const withRules = new ExchangeClient({
    baseUrl: 'http://127.0.0.1:9',
    credentials: { kind: 'hmac', apiKey: 'k', secretKey: 's' },
    transport: noNetwork,
    readRetry: { attempts: 1 },
    symbolRules: new SymbolRulebook([...info.symbols, contract, coarseContract]),
  });
  const reachesNetwork = { kind: 'rejected', sent: false, error: { kind: 'unavailable' } };
  const marketBuy = { symbol: 'BTCUSDT', side: 'BUY' as const, type: 'MARKET' as const };

  it('holds a legacy v1.0 market buy, whose quantity is quote cash, to the market amount bounds', async () => {
    // 20 USDT is far above the 4 BTC market lot maximum, but it is cash, not BTC.
    expect(await withRules.spot.placeOrderLegacy({ ...marketBuy, quantity: '20' })).toMatchObject(
      reachesNetwork,
    );
    expect(await rejectedField(withRules.spot.placeOrderLegacy({ ...marketBuy, quantity: '0.5' }))).toBe(
      'order.quantity',
    );
    // A v1.1 market buy by quantity is base units and meets the lot bounds.
    expect(await rejectedField(withRules.spot.placeOrder({ ...marketBuy, quantity: '20' }))).toBe(
      'order.quantity',
    );
  });

  it.each([
    ['MARKET', 'GTC'],
    ['MARKET', 'FOK'],
    ['LIMIT_MAKER', 'IOC'],
    ['LIMIT_MAKER', 'FOK'],
  ] as const)('refuses a %s order with timeInForce %s', async (type, timeInForce) => {
    const order =
      type === 'MARKET'
        ? { ...marketBuy, amount: '20', timeInForce }
        : { ...limit, symbol: 'BTCUSDT', price: '60000', quantity: '0.001', type, timeInForce };
    expect(await rejectedField(withRules.spot.placeOrder(order))).toBe('order.timeInForce');
  });

  it('lets LIMIT orders use GTC, IOC and FOK', async () => {
    for (const timeInForce of ['GTC', 'IOC', 'FOK'] as const) {
      const order = { ...limit, symbol: 'BTCUSDT', price: '60000', quantity: '0.001', timeInForce };
      expect(await withRules.spot.placeOrder(order)).toMatchObject(reachesNetwork);
    }
  });

  it('refuses prices and quantities given as JS numbers', async () => {
    const asNumber = (value: number) => value as unknown as string;
    expect(await rejectedField(client.spot.placeOrder({ ...limit, price: asNumber(2000.1) }))).toBe(
      'order.price',
    );
    const futures = {
      symbol: 'BTCUSDT-PERPETUAL',
      side: 'BUY_OPEN' as const,
      type: 'LIMIT' as const,
      priceType: 'INPUT' as const,
      price: '60000',
      clientOrderId: 'f1',
    };
    expect(await rejectedField(client.futures.placeOrder({ ...futures, quantity: asNumber(3) }))).toBe(
      'order.quantity',
    );
  });

  it('measures futures contracts in base units for the lot step and the minimum notional', async () => {
    const order = {
      symbol: 'COARSE-PERPETUAL',
      side: 'BUY_OPEN' as const,
      type: 'LIMIT' as const,
      priceType: 'INPUT' as const,
      price: '10000',
      clientOrderId: 'f1',
    };
    // 5 contracts x 0.001 = 0.005 base: off the 0.01 step.
    expect(await rejectedField(withRules.futures.placeOrder({ ...order, quantity: '5' }))).toBe(
      'order.quantity',
    );
    // 10 contracts = 0.01 base at 1000 = 10 notional: below 50.
    expect(
      await rejectedField(withRules.futures.placeOrder({ ...order, quantity: '10', price: '1000' })),
    ).toBe('order.quantity');
    expect(await withRules.futures.placeOrder({ ...order, quantity: '10' })).toMatchObject(reachesNetwork);
  });
});
