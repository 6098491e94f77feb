import { Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { ADMIN_TOKEN, DeskApp, startDeskApp } from './desk-support/desk-app';
import { placeSpotOrder } from './desk-support/order-commands';

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** Subscribes and collects what arrives; `next()` waits for the following item. */
function subscribe<T>(client: Client, query: string) {
  const received: T[] = [];
  const errors: unknown[] = [];
  let wake: (() => void) | null = null;
  const stop = client.subscribe<Record<string, T>>(
    { query },
    {
      next: (result) => {
        if (result.errors) errors.push(result.errors);
        if (result.data) received.push(Object.values(result.data)[0]);
        wake?.();
      },
      error: (error) => {
        // A refused connection ends with a CloseEvent (code 4401), which does not serialise.
        // A refused subscription ends with its GraphQL errors.
        const closed = error as { code?: number; reason?: string };
        errors.push(
          error instanceof Error || Array.isArray(error)
            ? error
            : { code: closed.code, reason: closed.reason },
        );
        wake?.();
      },
      complete: () => undefined,
    },
  );
  return {
    received,
    errors,
    stop,
    async next(timeoutMs = 10_000): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      const seen = received.length;
      while (received.length === seen && errors.length === 0) {
        if (Date.now() > deadline) throw new Error('no subscription event arrived');
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
      if (errors.length > 0)
        throw new Error(
          JSON.stringify(errors, (_key, value: unknown) => (value instanceof Error ? value.message : value)),
        );
      return received[seen];
    },
  };
}

describe('Desk GraphQL subscriptions (e2e)', () => {
  let desk: DeskApp;
  let client: Client;

  beforeAll(async () => {
    desk = await startDeskApp();
    client = createClient({
      url: `${desk.baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${ADMIN_TOKEN}` },
      retryAttempts: 0,
    });
  });

  /** A graphql-ws client of its own, presenting `authorization`. */
  const clientPresenting = (authorization: string) =>
    createClient({
      url: `${desk.baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization },
      retryAttempts: 0,
    });

  afterAll(async () => {
    await client?.dispose();
    await desk?.close();
  });

  it('delivers an order placed through the command path to an orderUpdated subscriber of its account only', async () => {
    const mine = subscribe<{ id: string; status: string; account: string }>(
      client,
      'subscription { orderUpdated(account: "desk-a") { id status account } }',
    );
    const other = subscribe<{ id: string }>(
      client,
      'subscription { orderUpdated(account: "desk-b") { id } }',
    );
    await settle();
    const order = await placeSpotOrder(desk, 'desk-a', 'live-1', 'alice');
    expect(await mine.next()).toEqual({ id: order.omsOrderId, status: 'PENDING_SUBMIT', account: 'desk-a' });
    await order.acknowledge('4242');
    expect(await mine.next()).toMatchObject({ id: order.omsOrderId, status: 'NEW' });
    expect(other.received).toEqual([]);
    mine.stop();
    other.stop();
  });

  it('delivers a committed fill once to fillAdded, and never one whose transaction rolled back; fillUpdated each later change of it', async () => {
    const fills = subscribe<{ fillId: string; qty: string; sources: string[] }>(
      client,
      'subscription { fillAdded(account: "desk-a", symbol: "BTCUSDT") { fillId qty sources } }',
    );
    const updates = subscribe<{ fillId: string; fee: string | null; sources: string[] }>(
      client,
      'subscription { fillUpdated(account: "desk-a", symbol: "BTCUSDT") { fillId fee sources } }',
    );
    await settle();
    const insert = (fillId: string) =>
      `INSERT INTO rm_fills (account, market, fill_id, order_id, symbol, side, price, qty, quote_qty, time, sources)
       VALUES ('desk-a', 'spot', '${fillId}', 'v1', 'BTCUSDT', 'BUY', 65000, 0.25, 16250, now(), ARRAY['ws'])`;
    const runner = desk.database.dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    await runner.query(insert('rolled-back'));
    await runner.rollbackTransaction();
    await runner.release();
    await desk.database.dataSource.transaction(async (manager) => {
      await manager.query(insert('committed'));
    });
    expect(await fills.next()).toEqual({ fillId: 'committed', qty: '0.25', sources: ['ws'] });
    // The poll brings the fee the stream's report lacked.
    await desk.database.dataSource.query(
      `UPDATE rm_fills SET sources = ARRAY['ws', 'rest-poll'], fee = 0.5, fee_asset = 'USDT' WHERE fill_id = 'committed'`,
    );
    expect(await updates.next()).toEqual({ fillId: 'committed', fee: '0.5', sources: ['ws', 'rest-poll'] });
    await settle();
    expect(fills.received.map((fill) => fill.fillId)).toEqual(['committed']);
    expect(updates.received).toHaveLength(1);
    fills.stop();
    updates.stop();
  });

  it('delivers balance and position changes to their subscribers', async () => {
    const balances = subscribe<{ asset: string; free: string }>(
      client,
      'subscription { balanceChanged(account: "desk-b") { asset free } }',
    );
    const positions = subscribe<{ symbol: string; contracts: string; side: string }>(
      client,
      'subscription { positionChanged(account: "desk-b") { symbol side contracts } }',
    );
    await settle();
    await desk.database.dataSource.query(
      `INSERT INTO rm_balances (account, wallet, asset, free, locked, total, updated_at)
       VALUES ('desk-b', 'spot', 'USDT', 100.5, 0, 100.5, now())`,
    );
    expect(await balances.next()).toEqual({ asset: 'USDT', free: '100.5' });
    await desk.database.dataSource.query(
      `INSERT INTO rm_positions (account, symbol, side, contracts, avg_price, stream_version, updated_at)
       VALUES ('desk-b', 'BTCUSDT-PERPETUAL', 'LONG', 3, 65000, 1, now())`,
    );
    expect(await positions.next()).toEqual({ symbol: 'BTCUSDT-PERPETUAL', side: 'LONG', contracts: '3' });
    balances.stop();
    positions.stop();
  });

  it('refuses a subscription whose query does not parse on its own, naming the query, and keeps the connection and its other subscriptions', async () => {
    const live = subscribe<{ id: string }>(
      client,
      'subscription { orderUpdated(account: "desk-a", symbol: null) { id } }',
    );
    await settle();
    for (const query of [
      'subscription { orderUpdated { id',
      '',
      `subscription { orderUpdated { ${'...on Order { '.repeat(5000)} } }`,
    ]) {
      const broken = subscribe(client, query);
      await expect(broken.next(5000)).rejects.toThrow(/"code":"VALIDATION_FAILED","field":"query"/);
    }
    const unknownField = subscribe(client, 'subscription { orderUpdated { nosuchfield } }');
    await expect(unknownField.next(5000)).rejects.toThrow(/"code":"VALIDATION_FAILED"/);
    const order = await placeSpotOrder(desk, 'desk-a', 'after-broken-1', 'alice');
    expect(await live.next()).toMatchObject({ id: order.omsOrderId });
    live.stop();
  });

  it('sends a revoked token no event after the revocation and ends its subscriptions, closing with 4401 Unauthorized', async () => {
    const token = await desk.issueToken('sub-revoked', 'viewer', ['desk-a']);
    const revokable = clientPresenting(`Bearer ${token}`);
    const watching = subscribe<{ id: string }>(
      revokable,
      'subscription { orderUpdated(account: "desk-a") { id } }',
    );
    await settle();
    const first = await placeSpotOrder(desk, 'desk-a', 'before-revoke-1', 'alice');
    expect(await watching.next()).toMatchObject({ id: first.omsOrderId });
    expect((await desk.call('/v1/tokens/sub-revoked', { method: 'DELETE' })).status).toBe(204);
    // An order changed right after the revocation is not sent to the revoked token.
    await placeSpotOrder(desk, 'desk-a', 'after-revoke-1', 'alice');
    await expect(watching.next(15_000)).rejects.toThrow('"code":4401,"reason":"Unauthorized"');
    expect(watching.received).toHaveLength(1);
    await revokable.dispose();
  });

  it('closes a subscription connection without a valid token with 4401 Unauthorized, as HTTP answers 401', async () => {
    const anonymous = clientPresenting('Bearer not-a-token');
    const refused = subscribe(anonymous, 'subscription { orderUpdated { id } }');
    await expect(refused.next(5000)).rejects.toThrow('"code":4401,"reason":"Unauthorized"');
    await anonymous.dispose();
  });

  it('answers a scoped token subscribing to another account with FORBIDDEN', async () => {
    const token = await desk.issueToken('sub-viewer', 'viewer', ['desk-a']);
    const scoped = clientPresenting(`Bearer ${token}`);
    const refused = subscribe(scoped, 'subscription { orderUpdated(account: "desk-b") { id } }');
    await expect(refused.next(5000)).rejects.toThrow(/FORBIDDEN/);
    await scoped.dispose();
  });
});
