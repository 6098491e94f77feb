import fc from 'fast-check';
import { CommandStack, DeskJson, startCommandStack } from './commands-support/command-stack';

/** Values a careless or hostile client puts in a field: wrong types, huge numbers, injections. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE rm_orders; --',
    '<script>alert(1)</script>',
    '\u0000',
    '../../etc/passwd',
    '${jndi:ldap://x}',
    '1e309',
    '1e-7',
    '-1',
    '-0',
    '0',
    '0.0',
    '00001',
    '1.',
    '.5',
    ' 1',
    '0x10',
    '9'.repeat(400),
    `0.${'0'.repeat(300)}1`,
    '9'.repeat(30),
    'NaN',
    'Infinity',
    'BTCUSDT',
    'BTCUSDT-PERPETUAL',
    'ETHUSDT',
    'desk-a',
    'demo',
    'SELL',
    'MARKET',
    'STOP',
    'IOC',
    'LIMIT_MAKER',
    'ISOLATED',
    'SHORT',
    '00000000-0000-4000-8000-000000000000',
    'a'.repeat(5000),
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    -1,
    0,
    1.5,
    1001,
    [],
    ['BTCUSDT'],
    {},
    { $gt: '' },
  ),
);

/** Values of the right type and shape for a field that are wrong at the venue: the pre-trade checks refuse them. */
const DECIMALS = [
  '0',
  '0.00000001',
  '1000.001',
  '0.0001',
  '123456789.123456789',
  '9'.repeat(40),
  '100000000',
  '1',
];
const WELL_TYPED_WRONG: Record<string, readonly unknown[]> = {
  quantity: DECIMALS,
  price: DECIMALS,
  amount: DECIMALS,
  stopPrice: DECIMALS,
  stopProfit: DECIMALS,
  stopLoss: DECIMALS,
  symbol: ['XYZUSDT', 'ETHUSDT-PERPETUAL', 'btcusdt', 'BTCUSDT', 'BTCUSDT-PERPETUAL'],
  type: ['MARKET', 'LIMIT_MAKER', 'STOP', 'LIMIT'],
  side: ['SELL', 'BUY', 'SELL_OPEN', 'BUY_CLOSE', 'SELL_CLOSE'],
  timeInForce: ['IOC', 'FOK', 'LIMIT_MAKER'],
  priceType: ['MARKET'],
  leverage: [1, 1000, 125],
  clientOrderId: ['hedge_0042', 'x'],
};

/** A well-formed request of each command route: the fuzz breaks one to three of its fields. */
const spotOrder = {
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  quantity: '0.001',
  price: '1000',
  timeInForce: 'GTC',
};
const futuresOrder = {
  symbol: 'BTCUSDT-PERPETUAL',
  side: 'BUY_OPEN',
  type: 'LIMIT',
  quantity: '1',
  price: '1000',
  priceType: 'INPUT',
  timeInForce: 'GTC',
};
const futuresSymbol = { account: 'demo', symbol: 'BTCUSDT-PERPETUAL' };

interface CommandRoute {
  readonly method: 'POST' | 'DELETE';
  readonly path: (segment: string) => string;
  readonly body?: Record<string, unknown>;
}

const ROUTES: readonly CommandRoute[] = [
  { method: 'POST', path: () => '/v1/spot/orders', body: { account: 'demo', ...spotOrder } },
  { method: 'POST', path: () => '/v1/futures/orders', body: { account: 'demo', ...futuresOrder } },
  {
    method: 'POST',
    path: () => '/v1/spot/orders/batch',
    body: { account: 'demo', orders: [spotOrder, spotOrder] },
  },
  {
    method: 'POST',
    path: () => '/v1/futures/orders/batch',
    body: { account: 'demo', orders: [futuresOrder, futuresOrder] },
  },
  { method: 'DELETE', path: (id) => `/v1/orders/${id}` },
  {
    method: 'POST',
    path: () => '/v1/spot/orders/cancel-all',
    body: { account: 'demo', symbol: 'BTCUSDT', side: 'BUY' },
  },
  { method: 'POST', path: () => '/v1/futures/orders/cancel-all', body: { ...futuresSymbol, side: 'SELL' } },
  {
    method: 'POST',
    path: () => '/v1/spot/orders/cancel-by-ids',
    body: { account: 'demo', ids: [crypto.randomUUID()] },
  },
  {
    method: 'POST',
    path: () => '/v1/futures/orders/cancel-by-ids',
    body: { account: 'demo', ids: [crypto.randomUUID()] },
  },
  { method: 'POST', path: () => '/v1/futures/leverage', body: { ...futuresSymbol, leverage: 10 } },
  { method: 'POST', path: () => '/v1/futures/margin-type', body: { ...futuresSymbol, marginType: 'CROSS' } },
  {
    method: 'POST',
    path: () => '/v1/futures/position-margin',
    body: { ...futuresSymbol, side: 'LONG', amount: '1' },
  },
  {
    method: 'POST',
    path: () => '/v1/futures/trading-stop',
    body: {
      ...futuresSymbol,
      side: 'LONG',
      stopProfit: '200000',
      stopLoss: '1000',
      tpTriggerBy: 'MARK_PRICE',
    },
  },
  {
    method: 'POST',
    path: () => '/v1/transfers',
    body: { account: 'demo', fromAccountId: '1', toAccountId: '2', coin: 'USDT', quantity: '1' },
  },
];

/** A change to one field (top level, or inside the first order of a batch): removed or replaced. */
const fieldBreak = fc.record({
  inOrder: fc.boolean(),
  pick: fc.nat(),
  how: fc.constantFrom('remove', 'hostile', 'well-typed', 'well-typed'),
  value: hostileValue,
  choice: fc.nat(),
});

type FieldBreak = typeof fieldBreak extends fc.Arbitrary<infer T> ? T : never;

/** Applies the breaks to a copy of the route's well-formed body. */
function broken(template: Record<string, unknown>, breaks: ReadonlyArray<FieldBreak>): unknown {
  const body: Record<string, unknown> = structuredClone(template);
  for (const change of breaks) {
    const orders = body.orders;
    const target =
      change.inOrder && Array.isArray(orders) && typeof orders[0] === 'object' && orders[0] !== null
        ? (orders[0] as Record<string, unknown>)
        : body;
    const keys = [...Object.keys(target), 'unexpected'];
    const key = keys[change.pick % keys.length];
    const wellTyped = WELL_TYPED_WRONG[key];
    if (change.how === 'remove') delete target[key];
    else if (change.how === 'well-typed' && wellTyped)
      target[key] = wellTyped[change.choice % wellTyped.length];
    else target[key] = change.value;
  }
  return body;
}

const rawBody = fc.oneof(
  fc.anything({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
  fc.constantFrom(
    '{"account": ',
    '{"a":1}}',
    '[1,2',
    'not json at all',
    '',
    `{"orders": [${'{},'.repeat(50)}{}]}`,
  ),
);

const request = fc.record({
  route: fc.constantFrom(...ROUTES),
  breaks: fc.array(fieldBreak, { minLength: 1, maxLength: 3 }),
  // One request in five carries a raw body in place of the broken well-formed one.
  raw: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: rawBody, weight: 1 }),
  segment: fc.oneof(fc.string({ maxLength: 40 }), fc.uuid(), fc.constantFrom("1' OR '1'='1", '..', '%00')),
  contentType: fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 8 },
    { arbitrary: fc.constantFrom('text/plain', 'application/json; charset=latin9'), weight: 1 },
  ),
  idempotencyKey: fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    { arbitrary: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('k'.repeat(2000))), weight: 1 },
  ),
});

/** Every `clientOrderId` in an accepted answer (an order, a batch's results, a mutation's data). */
function clientOrderIds(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) value.forEach((item) => clientOrderIds(item, into));
  else if (typeof value === 'object' && value !== null)
    for (const [key, inner] of Object.entries(value))
      if (key === 'clientOrderId' && typeof inner === 'string') into.add(inner);
      else clientOrderIds(inner, into);
}

/**
 * Every command route of the desk API (REST and GraphQL mutations) under generated malformed
 * requests: never a 5XX, every refusal naming a field or rule, and nothing reaches the venue
 * as an order unless the OMS accepted it.
 */
describe('desk command routes under malformed input (fuzz, e2e)', () => {
  let desk: CommandStack;
  let venueBefore: Set<string>;
  const accepted = new Set<string>();
  /** Take-profit / stop-loss orders the venue creates (with its own client ids) for accepted trading stops. */
  let tradingStopsAccepted = 0;
  const codes = new Map<string, number>();

  beforeAll(async () => {
    desk = await startCommandStack();
    venueBefore = new Set((await desk.venueOrders()).map((order) => order.clientOrderId));
  });

  afterAll(async () => {
    await desk?.stop();
  });

  const check = (status: number, text: string, what: string) => {
    if (status >= 500) throw new Error(`${what} answered ${status}: ${text}`);
    const body: DeskJson = text === '' ? null : JSON.parse(text);
    if (status < 400) {
      clientOrderIds(body, accepted);
      if (what.includes('/v1/futures/trading-stop')) tradingStopsAccepted += 1;
      return;
    }
    const error = body?.error;
    // A venue rejection names the venue's code and message instead (desk-api.md "Errors").
    if (!error?.code || !(error.field || error.rule || error.venueCode))
      throw new Error(`${what} answered ${status} without a field or rule: ${text}`);
    codes.set(error.code, (codes.get(error.code) ?? 0) + 1);
  };

  it('answers 2,500 malformed command requests without a 5XX, each refusal naming a field or rule', async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ route, breaks, raw, segment, contentType, idempotencyKey }) => {
        const body = route.body ? (raw ?? JSON.stringify(broken(route.body, breaks))) : undefined;
        const url = `${desk.omsUrl}${route.path(encodeURIComponent(segment))}`;
        let response: Response;
        try {
          response = await fetch(url, {
            method: route.method,
            headers: {
              authorization: `Bearer ${desk.stack.deskToken}`,
              ...(body === undefined ? {} : { 'content-type': contentType }),
              ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
            },
            body,
          });
        } catch (error) {
          // fetch refuses some header values itself (they never reached the OMS).
          if (error instanceof TypeError) return;
          throw error;
        }
        check(response.status, await response.text(), `${route.method} ${url} ${body ?? ''}`);
      }),
      { numRuns: 2500 },
    );
    expect(codes.get('VALIDATION_FAILED')).toBeGreaterThan(500);
    // Well-typed wrong values get past the DTOs to the pre-trade checks.
    expect(codes.get('PRE_TRADE_REFUSED')).toBeGreaterThan(5);
  });

  it('answers 600 malformed GraphQL mutations without a 5XX, every error carrying a code', async () => {
    const mutation = fc.constantFrom(
      'mutation($i: SpotOrderInput!, $k: String) { placeSpotOrder(input: $i, idempotencyKey: $k) { id clientOrderId status } }',
      'mutation($i: FuturesOrderInput!) { placeFuturesOrder(input: $i) { id clientOrderId status } }',
      'mutation($id: String!) { cancelOrder(id: $id) { id status } }',
      'mutation { placeSpotOrder(input: {account: "demo"}) { id } }',
      'mutation { cancelOrder(id: 42) { id } }',
    );
    const variables = fc.record({
      i: fc.oneof(
        fieldBreak.chain((change) =>
          fc
            .constantFrom({ account: 'demo', ...spotOrder }, { account: 'demo', ...futuresOrder })
            .map((t) => broken(t, [change])),
        ),
        hostileValue,
      ),
      id: fc.oneof(hostileValue, fc.uuid()),
      k: hostileValue,
    });
    await fc.assert(
      fc.asyncProperty(mutation, variables, async (query, vars) => {
        const response = await fetch(`${desk.omsUrl}/graphql`, {
          method: 'POST',
          headers: { authorization: `Bearer ${desk.stack.deskToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables: vars }),
        });
        const text = await response.text();
        if (response.status >= 500) throw new Error(`graphql answered ${response.status}: ${text}`);
        const body: DeskJson = JSON.parse(text);
        for (const error of body.errors ?? [])
          if (typeof error.extensions?.code !== 'string' || error.extensions.code === 'INTERNAL_ERROR')
            throw new Error(
              `graphql error without a code for ${JSON.stringify(vars)}: ${JSON.stringify(error)}`,
            );
        clientOrderIds(body.data, accepted);
      }),
      { numRuns: 600 },
    );
  });

  it('refuses the requests the fuzz once answered with a 5XX, naming the field', async () => {
    const cancelAll = await desk.call('POST', '/v1/futures/orders/cancel-all', {
      account: 'demo',
      symbol: null,
    });
    expect(cancelAll.status).toBe(400);
    expect(cancelAll.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'symbol' });

    const mutation = (query: string, variables: Record<string, unknown>) =>
      desk.call('POST', '/graphql', { query, variables });
    const cancel = await mutation('mutation($id: String!) { cancelOrder(id: $id) { id } }', {
      id: 'not-a-uuid',
    });
    expect(cancel.body.errors[0].extensions).toMatchObject({ code: 'ORDER_NOT_FOUND', field: 'id' });
    const placed = await mutation(
      'mutation($i: SpotOrderInput!, $k: String) { placeSpotOrder(input: $i, idempotencyKey: $k) { clientOrderId } }',
      { i: { account: 'demo', ...spotOrder, price: '1000.001' }, k: null },
    );
    expect(placed.body.errors[0].extensions).toMatchObject({ code: 'PRE_TRADE_REFUSED', rule: 'PRICE_TICK' });
  });

  it('sends the venue no order that the OMS did not accept', async () => {
    const added = (await desk.venueOrders())
      .map((order) => order.clientOrderId)
      .filter((id) => !venueBefore.has(id));
    const unexplained = added.filter((id) => !accepted.has(id));
    const fromTradingStops = unexplained.filter((id) => !id.startsWith('oms-'));
    expect(unexplained.filter((id) => id.startsWith('oms-'))).toEqual([]);
    expect(fromTradingStops.length).toBeLessThanOrEqual(2 * tradingStopsAccepted);
    // Most generated requests are broken; the few that happen to be well-formed may place.
    expect(added.length).toBeLessThan(200);
  });
});
