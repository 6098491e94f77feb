import fc from 'fast-check';
import { DeskApp, graphql, startDeskApp } from './desk-support/desk-app';
import { seedOrder } from './desk-support/read-model-seeds';

/** Strings a careless or hostile client sends: wrong types, huge numbers, injections, bad encodings. */
const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE rm_orders; --',
    '<script>alert(1)</script>',
    '\u0000',
    '%00',
    '%',
    '%E0%A4%A',
    '../../etc/passwd',
    '1e309',
    '-1',
    '9'.repeat(400),
    'NaN',
    'null',
    '[]',
    '{}',
    'true',
    '2026-13-45T99:99:99Z',
    'BTCUSDT',
    'desk-a',
    '00000000-0000-4000-8000-000000000000',
  ),
);

const jsonish = fc.oneof(
  fc.anything({ maxDepth: 3 }).map((value) => JSON.stringify(value) ?? 'null'),
  hostile,
  fc
    .record({ name: hostile, role: hostile, accounts: fc.array(hostile, { maxLength: 3 }), note: hostile })
    .map((v) => JSON.stringify(v)),
  fc.constantFrom('{"name": ', '{"a":1}}', '[1,2', '{"note": "x"', 'not json at all'),
);

interface Route {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: (segment: string) => string;
  readonly params: readonly string[];
}

/** Every desk route, with its query parameters (and some it does not have). */
const ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: () => '/v1/orders',
    params: [
      'account',
      'market',
      'symbol',
      'status',
      'side',
      'origin',
      'clientOrderId',
      'orderId',
      'from',
      'to',
      'limit',
      'cursor',
    ],
  },
  { method: 'GET', path: (id) => `/v1/orders/${id}`, params: ['asOf'] },
  { method: 'GET', path: (id) => `/v1/orders/${id}/events`, params: [] },
  { method: 'GET', path: () => '/v1/orders/export', params: ['account', 'status', 'from', 'to'] },
  {
    method: 'GET',
    path: () => '/v1/fills',
    params: ['account', 'market', 'symbol', 'omsOrderId', 'orderId', 'from', 'to', 'limit', 'cursor'],
  },
  { method: 'GET', path: () => '/v1/fills/export', params: ['account', 'omsOrderId', 'from', 'to'] },
  { method: 'GET', path: () => '/v1/positions', params: ['account', 'symbol', 'includeFlat', 'asOf'] },
  { method: 'GET', path: () => '/v1/balances', params: ['account', 'wallet', 'asset', 'asOf'] },
  { method: 'GET', path: () => '/v1/breaks', params: ['status', 'account', 'limit', 'cursor'] },
  { method: 'POST', path: (id) => `/v1/breaks/${id}/resolve`, params: [] },
  {
    method: 'GET',
    path: () => '/v1/reports/pnl',
    params: ['account', 'symbol', 'from', 'to', 'method', 'groupBy', 'format'],
  },
  { method: 'POST', path: () => '/v1/tokens', params: [] },
  { method: 'DELETE', path: (name) => `/v1/tokens/${name}`, params: [] },
  { method: 'GET', path: (segment) => `/v1/${segment}`, params: [] },
];

const request = fc.record({
  route: fc.constantFrom(...ROUTES),
  segment: hostile,
  rawSegment: fc.boolean(),
  query: fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('limit', 'cursor', 'account', 'asOf', 'from'), fc.string({ maxLength: 8 })),
      hostile,
    ),
    {
      maxLength: 4,
    },
  ),
  knownParams: fc.array(hostile, { maxLength: 12 }),
  body: jsonish,
  contentType: fc.constantFrom(
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin9',
  ),
});

describe('Desk API under malformed input (fuzz, e2e)', () => {
  let desk: DeskApp;
  const seen = new Map<string, number>();

  beforeAll(async () => {
    desk = await startDeskApp();
    await seedOrder(desk.database.dataSource, {
      key: 'fuzz-1',
      account: 'desk-a',
      createdAt: '2026-11-01T00:00:00Z',
    });
  });

  afterAll(async () => {
    await desk?.close();
  });

  const expectRefusalNamesFieldOrRule = (status: number, body: string, what: string) => {
    if (status >= 500) throw new Error(`${what} answered ${status}: ${body}`);
    if (status < 400) return;
    const parsed = JSON.parse(body) as { error?: { code?: string; field?: string; rule?: string } };
    if (!parsed.error?.code || !(parsed.error.field || parsed.error.rule))
      throw new Error(`${what} answered ${status} without a field or rule: ${body}`);
    seen.set(parsed.error.code, (seen.get(parsed.error.code) ?? 0) + 1);
  };

  it('answers 2,000 malformed REST requests to every route without a 5XX, each refusal naming a field or rule', async () => {
    await fc.assert(
      fc.asyncProperty(
        request,
        async ({ route, segment, rawSegment, query, knownParams, body, contentType }) => {
          const pathSegment = rawSegment
            ? segment.replace(/[/?#\s]/g, '') || 'x'
            : encodeURIComponent(segment);
          const search = new URLSearchParams();
          route.params.forEach((name, index) => {
            if (knownParams[index] !== undefined) search.append(name, knownParams[index]);
          });
          for (const [name, value] of query) search.append(name, value);
          const url = `${route.path(pathSegment)}?${search.toString()}`;
          let response: Response;
          try {
            response = await desk.call(url, {
              method: route.method,
              ...(route.method === 'GET' ? {} : { body, headers: { 'content-type': contentType } }),
            });
          } catch (error) {
            // fetch itself refuses some URLs (it never reached the OMS).
            if (error instanceof TypeError) return;
            throw error;
          }
          expectRefusalNamesFieldOrRule(response.status, await response.text(), `${route.method} ${url}`);
        },
      ),
      { numRuns: 2000 },
    );
    expect(seen.get('VALIDATION_FAILED')).toBeGreaterThan(100);
  });

  it('answers 800 malformed GraphQL requests without a 5XX, every error carrying a code', async () => {
    const operation = fc.oneof(
      hostile,
      fc.constantFrom(
        'query($f: OrderFilter) { orders(filter: $f) { items { id } } }',
        'query($l: Int, $c: String) { orders(limit: $l, cursor: $c) { nextCursor } }',
        'query($id: String!, $a: String) { order(id: $id, asOf: $a) { id } }',
        'query($a: String, $s: String) { positions(account: $a, symbol: $s) { items { symbol } } }',
        'query($a: String!, $f: String!, $t: String!) { pnl(account: $a, from: $f, to: $t) { currency } }',
        '{ orders(limit: 99999999999) { nextCursor } }',
        '{ __schema { types { name } } }',
        '{ nope }',
        'mutation { nope }',
      ),
    );
    const variables = fc.dictionary(
      fc.constantFrom('f', 'l', 'c', 'id', 'a', 's', 't'),
      fc.oneof(hostile, fc.anything({ maxDepth: 2 })),
      {
        maxKeys: 4,
      },
    );
    await fc.assert(
      fc.asyncProperty(operation, variables, async (query, vars) => {
        const { status, body } = await graphql(desk, query, vars);
        if (status >= 500) throw new Error(`graphql answered ${status}: ${JSON.stringify(body)}`);
        for (const error of body.errors ?? [])
          if (typeof error.extensions?.code !== 'string' || error.extensions.code === 'INTERNAL_ERROR')
            throw new Error(`graphql error without a code: ${JSON.stringify(error)}`);
      }),
      { numRuns: 800 },
    );
  });
});
