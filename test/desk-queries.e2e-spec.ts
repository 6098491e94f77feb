import { connect } from 'node:net';
import { DeskApp, graphql, startDeskApp } from './desk-support/desk-app';
import { placeSpotOrder } from './desk-support/order-commands';
import { seedFill, seedOrder } from './desk-support/read-model-seeds';

type Page<T> = { items: T[]; nextCursor: string | null };
type Order = {
  id: string;
  account: string;
  symbol: string;
  status: string;
  createdAt: string;
  origQty: string;
};

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();

describe('Desk API queries (e2e)', () => {
  let desk: DeskApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    desk = await startDeskApp();
    const db = desk.database.dataSource;
    ids.a1 = await seedOrder(db, { key: 'a1', account: 'desk-a', createdAt: at(1), status: 'FILLED' });
    ids.a2 = await seedOrder(db, {
      key: 'a2',
      account: 'desk-a',
      createdAt: at(2),
      symbol: 'ETHUSDT',
      side: 'SELL',
    });
    ids.a3 = await seedOrder(db, {
      key: 'a3',
      account: 'desk-a',
      createdAt: at(3),
      market: 'futures',
      symbol: 'BTCUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      origin: 'external',
      createdBy: null,
    });
    // Two orders at the same instant: the id breaks the tie, so paging neither skips nor repeats.
    ids.b1 = await seedOrder(db, {
      key: 'b1',
      account: 'desk-b',
      createdAt: at(4),
      clientOrderId: 'cid-same-1',
    });
    ids.b2 = await seedOrder(db, { key: 'b2', account: 'desk-b', createdAt: at(4), orderId: '777' });
    await seedFill(db, {
      fillId: 'f1',
      account: 'desk-a',
      omsOrderId: ids.a1,
      price: '65000',
      qty: '0.5',
      time: at(5),
    });
    await seedFill(db, {
      fillId: 'f2',
      account: 'desk-a',
      omsOrderId: ids.a1,
      price: '65001',
      qty: '0.0000001',
      time: at(6),
      sources: ['ws', 'rest-poll'],
    });
    await seedFill(db, {
      fillId: 'f3',
      account: 'desk-b',
      omsOrderId: ids.b1,
      price: '10',
      qty: '1',
      time: at(7),
    });
  });

  afterAll(async () => {
    await desk?.close();
  });

  const list = async (query: string) => {
    const response = await desk.call(`/v1/orders${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Page<Order>;
  };

  it('lists every order newest first, ties broken by id, with decimals as plain strings', async () => {
    const page = await list('');
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((order) => order.id)).toEqual([
      ...[ids.b1, ids.b2].sort().reverse(),
      ids.a3,
      ids.a2,
      ids.a1,
    ]);
    expect(page.items.find((order) => order.id === ids.a1)?.origQty).toBe('0.0000001');
  });

  it.each([
    ['account=desk-b', ['b1', 'b2']],
    ['market=futures', ['a3']],
    ['symbol=ETHUSDT', ['a2']],
    ['status=FILLED', ['a1']],
    ['side=SELL', ['a2']],
    ['origin=external', ['a3']],
    ['clientOrderId=cid-same-1', ['b1']],
    ['orderId=777', ['b2']],
    [`from=${at(2)}&to=${at(4)}`, ['a2', 'a3']],
  ])('filters orders by %s', async (query, keys) => {
    const page = await list(`?${query}`);
    expect(page.items.map((order) => order.id).sort()).toEqual(keys.map((key) => ids[key]).sort());
  });

  it('pages with a cursor: one at a time visits every order once, the last page has no cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<Order> = await list(`?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items).toHaveLength(1);
      seen.push(page.items[0].id);
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual((await list('')).items.map((order) => order.id));
  });

  it('pages a token of several accounts through their orders one at a time, in the order of the whole list', async () => {
    const both = await desk.issueToken('q-viewer-ab', 'viewer', ['desk-a', 'desk-b']);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await desk.call(`/v1/orders?limit=1${cursor ? `&cursor=${cursor}` : ''}`, {
        token: both,
      });
      const page = (await response.json()) as Page<Order>;
      expect(page.items).toHaveLength(1);
      seen.push(page.items[0].id);
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual((await list('')).items.map((order) => order.id));
  });

  it('gives no cursor when a page ends exactly at the last order', async () => {
    const first = await list('?limit=3');
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
  });

  it.each([
    ['cursor=bm90LWEtY3Vyc29y', 'INVALID_CURSOR', 'cursor'],
    ['cursor=!!', 'INVALID_CURSOR', 'cursor'],
    ['cursor=abc$def', 'INVALID_CURSOR', 'cursor'],
    [`cursor=${'a'.repeat(1001)}`, 'INVALID_CURSOR', 'cursor'],
    ['limit=0', 'VALIDATION_FAILED', 'limit'],
    ['limit=1001', 'VALIDATION_FAILED', 'limit'],
    ['limit=ten', 'VALIDATION_FAILED', 'limit'],
    ['status=SHIPPED', 'VALIDATION_FAILED', 'status'],
    ['from=yesterday', 'VALIDATION_FAILED', 'from'],
  ])('refuses %s with 400 %s naming %s', async (query, code, field) => {
    const response = await desk.call(`/v1/orders?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code, field } });
  });

  it('refuses a cursor another list gave out with 400 INVALID_CURSOR', async () => {
    const orders = await list('?limit=1');
    expect(orders.nextCursor).not.toBeNull();
    const response = await desk.call(`/v1/breaks?cursor=${orders.nextCursor}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'INVALID_CURSOR', field: 'cursor' } });
  });

  it('returns one order by id, 404 ORDER_NOT_FOUND for an unknown id and for one that is not a UUID', async () => {
    const found = await desk.call(`/v1/orders/${ids.a2}`);
    expect(await found.json()).toMatchObject({
      id: ids.a2,
      symbol: 'ETHUSDT',
      side: 'SELL',
      account: 'desk-a',
    });
    const unknown = await desk.call('/v1/orders/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'ORDER_NOT_FOUND' } });
    for (const path of [
      '/v1/orders/not-a-uuid',
      '/v1/orders/not-a-uuid/events',
      '/v1/orders/not-a-uuid?asOf=2026-11-01T00:00:00Z',
    ]) {
      const notAnId = await desk.call(path);
      expect(notAnId.status).toBe(404);
      expect(await notAnId.json()).toEqual({
        error: { code: 'ORDER_NOT_FOUND', message: expect.any(String), field: 'id' },
      });
    }
  });

  it('forbids one order of another account to a scoped token', async () => {
    const trader = await desk.issueToken('q-trader-a', 'trader', ['desk-a']);
    expect((await desk.call(`/v1/orders/${ids.a1}`, { token: trader })).status).toBe(200);
    expect((await desk.call(`/v1/orders/${ids.b1}`, { token: trader })).status).toBe(403);
    const scoped = (await (await desk.call('/v1/orders', { token: trader })).json()) as Page<Order>;
    expect(new Set(scoped.items.map((order) => order.account))).toEqual(new Set(['desk-a']));
  });

  it('gives an order as the OMS knew it at asOf, and its audit trail with actor and source', async () => {
    const order = await placeSpotOrder(desk, 'desk-a', 'asof-1', 'alice');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const beforeAck = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await order.acknowledge('9001');
    const now = (await (await desk.call(`/v1/orders/${order.omsOrderId}`)).json()) as Order;
    expect(now.status).toBe('NEW');
    const then = await desk.call(`/v1/orders/${order.omsOrderId}?asOf=${beforeAck}`);
    expect(then.status).toBe(200);
    expect(await then.json()).toMatchObject({
      id: order.omsOrderId,
      status: 'PENDING_SUBMIT',
      createdBy: 'alice',
    });
    const beforeAll = await desk.call(`/v1/orders/${order.omsOrderId}?asOf=2000-01-01T00:00:00Z`);
    expect(beforeAll.status).toBe(404);
    const events = (await (await desk.call(`/v1/orders/${order.omsOrderId}/events`)).json()) as {
      items: Array<{
        type: string;
        source: string;
        actor: string | null;
        payload: unknown;
        recordedAt: string;
      }>;
    };
    expect(events.items[0]).toMatchObject({
      type: 'OrderSubmissionRequested',
      source: 'oms',
      actor: 'alice',
    });
    expect(events.items.some((event) => event.source === 'rest-ack')).toBe(true);
    expect(events.items.map((event) => event.recordedAt)).toEqual(
      [...events.items.map((event) => event.recordedAt)].sort(),
    );
  });

  it('lists fills once each with their sources, filtered by order, account and period', async () => {
    const byOrder = (await (await desk.call(`/v1/fills?omsOrderId=${ids.a1}`)).json()) as Page<{
      fillId: string;
      qty: string;
      sources: string[];
      quoteQty: string;
    }>;
    expect(byOrder.items.map((fill) => fill.fillId)).toEqual(['f2', 'f1']);
    expect(byOrder.items[0]).toMatchObject({ qty: '0.0000001', sources: ['ws', 'rest-poll'] });
    const byAccount = (await (await desk.call('/v1/fills?account=desk-b')).json()) as Page<{
      fillId: string;
    }>;
    expect(byAccount.items.map((fill) => fill.fillId)).toEqual(['f3']);
    const byPeriod = (await (await desk.call(`/v1/fills?from=${at(6)}&to=${at(7)}`)).json()) as Page<{
      fillId: string;
    }>;
    expect(byPeriod.items.map((fill) => fill.fillId)).toEqual(['f2']);
    const first = (await (await desk.call('/v1/fills?limit=2')).json()) as Page<{ fillId: string }>;
    const rest = (await (await desk.call(`/v1/fills?limit=2&cursor=${first.nextCursor}`)).json()) as Page<{
      fillId: string;
    }>;
    expect([...first.items, ...rest.items].map((fill) => fill.fillId)).toEqual(['f3', 'f2', 'f1']);
    expect(rest.nextCursor).toBeNull();
  });

  it('reads a period given in any ISO-8601 form as the same instant, and refuses what is no time with 400 naming the field', async () => {
    const fillIds = async (query: string) => {
      const response = await desk.call(`/v1/fills?${query}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as Page<{ fillId: string }>).items.map((fill) => fill.fillId);
    };
    // f2 at 12:06, f3 at 12:07 on 2026-11-01 (week 44, Sunday; day 305).
    expect(await fillIds('from=20261101T1206Z&to=2026-11-01T12:07')).toEqual(['f2']);
    expect(await fillIds('from=2026-W44-7T12:06Z&to=2026-305T12:06:59,999Z')).toEqual(['f2']);
    expect(
      await fillIds(`from=${encodeURIComponent('2026-11-01T13:06+01:00')}&to=2026-11-01T12:07Z`),
    ).toEqual(['f2']);
    expect(await fillIds('from=2026-11-01T12&to=2026-11-01T13')).toEqual(['f3', 'f2', 'f1']);
    expect((await desk.call('/v1/orders?from=2026&to=2027-W01')).status).toBe(200);
    for (const [path, field] of [
      ['/v1/fills?from=2026-02-30', 'from'],
      ['/v1/orders?to=2026-11-01T12:00:60Z', 'to'],
      ['/v1/positions?asOf=10000-01-01', 'asOf'],
      ['/v1/balances?asOf=yesterday', 'asOf'],
      [`/v1/orders/${ids.a1}?asOf=0000-12-31`, 'asOf'],
    ]) {
      const refused = await desk.call(path);
      expect({
        path,
        status: refused.status,
        error: ((await refused.json()) as { error: unknown }).error,
      }).toEqual({
        path,
        status: 400,
        error: expect.objectContaining({ code: 'VALIDATION_FAILED', field }),
      });
    }
  });

  it('reads a GraphQL argument or filter field given as null as one left out', async () => {
    const ordersOf = async (query: string, variables: Record<string, unknown> = {}) => {
      const { body } = await graphql(desk, query, variables);
      expect(body.errors).toBeUndefined();
      return (body.data?.orders as Page<{ id: string }>).items.map((order) => order.id);
    };
    const all = await ordersOf('{ orders { items { id } } }');
    expect(all.length).toBeGreaterThan(1);
    expect(await ordersOf('{ orders(cursor: null, limit: null) { items { id } } }')).toEqual(all);
    expect(
      await ordersOf(
        'query($c: String, $f: OrderFilter) { orders(cursor: $c, filter: $f) { items { id } } }',
        {
          c: null,
          f: { account: null, clientOrderId: null, from: null, to: null, status: null },
        },
      ),
    ).toEqual(all);
    const asOf = await graphql(desk, 'query($id: String!) { order(id: $id, asOf: null) { id } }', {
      id: ids.a1,
    });
    expect(asOf.body.data?.order).toEqual({ id: ids.a1 });
    const fills = await graphql(
      desk,
      '{ fills(filter: { account: null, from: null }, cursor: null) { items { fillId } } }',
    );
    expect(fills.body.data?.fills).toEqual({ items: [{ fillId: 'f3' }, { fillId: 'f2' }, { fillId: 'f1' }] });
  });

  it('answers a request the HTTP parser refuses (headers too large, a bad Content-Length) with the desk error body', async () => {
    const oversized = await desk.call(`/v1/orders?clientOrderId=${'A'.repeat(20_000)}`);
    expect(oversized.status).toBe(431);
    expect(await oversized.json()).toEqual({
      error: { code: 'HEADERS_TOO_LARGE', message: expect.any(String), field: 'headers' },
    });
    const { port } = new URL(desk.baseUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('POST /v1/spot/orders HTTP/1.1\r\nHost: oms\r\nContent-Length: nope\r\n\r\n'),
      );
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'MALFORMED_REQUEST', message: expect.any(String) },
    });
  });

  it('answers the same orders through GraphQL, with the same field names', async () => {
    const { body } = await graphql(
      desk,
      'query($f: OrderFilter, $l: Int) { orders(filter: $f, limit: $l) { items { id account status origQty } nextCursor } }',
      { f: { account: 'desk-a', status: 'FILLED' }, l: 5 },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.orders).toEqual({
      items: [{ id: ids.a1, account: 'desk-a', status: 'FILLED', origQty: '0.0000001' }],
      nextCursor: null,
    });
    const one = await graphql(desk, 'query($id: String!) { order(id: $id) { id symbol } }', { id: ids.a2 });
    expect(one.body.data?.order).toEqual({ id: ids.a2, symbol: 'ETHUSDT' });
    const missing = await graphql(desk, 'query($id: String!) { order(id: $id) { id } }', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.body.errors?.[0].extensions?.code).toBe('ORDER_NOT_FOUND');
    for (const query of ['{ order(id: "nope") { id } }', '{ orderEvents(id: "nope") { items { type } } }']) {
      expect((await graphql(desk, query)).body.errors?.[0].extensions?.code).toBe('ORDER_NOT_FOUND');
    }
    const badLimit = await graphql(desk, '{ orders(limit: 5000) { nextCursor } }');
    expect(badLimit.body.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', field: 'limit' });
    const fills = await graphql(
      desk,
      'query($f: FillFilter) { fills(filter: $f) { items { fillId sources } } }',
      {
        f: { omsOrderId: ids.a1 },
      },
    );
    expect(fills.body.data?.fills).toEqual({
      items: [
        { fillId: 'f2', sources: ['ws', 'rest-poll'] },
        { fillId: 'f1', sources: ['ws'] },
      ],
    });
  });

  it.each([
    ['characters outside base64url', 'abc$def'],
    ['over 1000 characters', 'a'.repeat(1001)],
  ])('refuses a GraphQL cursor with %s with extensions.code INVALID_CURSOR', async (_what, cursor) => {
    const { status, body } = await graphql(desk, 'query($c: String) { orders(cursor: $c) { nextCursor } }', {
      c: cursor,
    });
    expect(status).toBe(200);
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'INVALID_CURSOR', field: 'cursor' });
  });

  it.each([
    ['an unknown field', '{ nope }', {}],
    ['a bad argument literal', '{ orders(limit: "ten") { nextCursor } }', {}],
    ['a syntax error', '{ orders(limit: ', {}],
    ['a variable of the wrong type', 'query($l: Int) { orders(limit: $l) { nextCursor } }', { l: 'ten' }],
  ])(
    'refuses %s in a GraphQL request with HTTP 400 and extensions.code VALIDATION_FAILED',
    async (_what, query, variables) => {
      const { status, body } = await graphql(desk, query, variables);
      expect(status).toBe(400);
      expect(body.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(typeof body.errors?.[0].extensions?.field).toBe('string');
    },
  );

  it('refuses a GraphQL body without a query with HTTP 400 and extensions.code VALIDATION_FAILED naming it', async () => {
    const response = await desk.call('/graphql', { method: 'POST', body: JSON.stringify({ variables: {} }) });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Array<{ extensions: Record<string, unknown> }> };
    expect(body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', field: 'query' });
  });

  it('refuses a subscription sent over HTTP with a 4XX naming the graphql-ws protocol', async () => {
    const { status, body } = await graphql(desk, 'subscription { orderUpdated { id } }');
    expect(status).toBe(400);
    expect(body.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(body.errors?.[0].message).toMatch(/graphql-ws/);
  });

  it('answers a GraphQL request over the token limit with HTTP 429 RATE_LIMITED', async () => {
    const token = await desk.issueToken('q-limited-gql', 'viewer', ['*'], 1);
    expect((await graphql(desk, '{ orders { nextCursor } }', {}, token)).status).toBe(200);
    const { status, body } = await graphql(desk, '{ orders { nextCursor } }', {}, token);
    expect(status).toBe(429);
    expect(body.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
  });
});
