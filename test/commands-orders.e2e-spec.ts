import { ExchangeClient, parseExchangeAccounts } from '@oms/exchange';
import { AnswerRecordings } from '../apps/oms/src/orders/answer-recordings';
import { CommandStack, DeskJson, startCommandStack } from './commands-support/command-stack';

const spotLimit = (overrides: Record<string, unknown> = {}) => ({
  account: 'demo',
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  quantity: '0.001',
  price: '1000',
  ...overrides,
});

/**
 * Desk orders to the simulated venue through the OMS: write-ahead intent, the venue's
 * answer, pre-trade refusals naming rule and field, idempotency keys, batches and cancels.
 */
describe('desk order commands (e2e)', () => {
  let desk: CommandStack;

  beforeAll(async () => {
    desk = await startCommandStack({ OMS_MAX_ORDER_QTY: '5' });
  });

  afterAll(async () => {
    await desk?.stop();
  });

  afterEach(async () => {
    await desk.clearFaults();
  });

  /** How many transactions wrote the `eventType` events of these orders (Postgres xmin). */
  async function transactionsWriting(eventType: string, orderIds: readonly string[]): Promise<number> {
    const [{ transactions }] = await desk.database.dataSource.query<Array<{ transactions: number }>>(
      `SELECT count(DISTINCT e.xmin::text)::int AS transactions
         FROM events e JOIN rm_orders o ON o.stream_id = e.stream_id
        WHERE o.id = ANY($1::uuid[]) AND e.event_type = $2`,
      [orderIds, eventType],
    );
    return transactions;
  }

  /** The demo account's spot total of `asset` once the read models hold it (ingest polls balances). */
  async function spotBalanceOf(asset: string): Promise<string> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const balances = await desk.call('GET', '/v1/balances?account=demo');
      const balance = balances.body.items?.find(
        (item: DeskJson) => item.wallet === 'spot' && item.asset === asset,
      );
      if (balance !== undefined) return balance.total;
      if (Date.now() > deadline) throw new Error(`no spot ${asset} balance of demo in the read models`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('places a spot limit order: the intent is recorded, with its actor, before the venue acknowledgement, which has none', async () => {
    const placed = await desk.call('POST', '/v1/spot/orders', spotLimit());
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      account: 'demo',
      symbol: 'BTCUSDT',
      status: 'NEW',
      createdBy: 'admin',
    });
    expect(placed.body.clientOrderId).toMatch(/^oms-[0-9a-f]{32}$/);
    expect(placed.body.orderId).not.toBeNull();

    const trail = await desk.call('GET', `/v1/orders/${placed.body.id}/events`);
    const types = trail.body.items.map((event: { type: string }) => event.type);
    expect(types.indexOf('OrderSubmissionRequested')).toBeLessThan(types.indexOf('OrderAccepted'));
    expect(trail.body.items[0]).toMatchObject({ actor: 'admin', source: 'oms' });
    // The venue's answer is a venue fact: no desk actor, though admin's command recorded it.
    const answered = trail.body.items.filter((event: DeskJson) => event.source === 'rest-ack');
    expect(answered.map((event: DeskJson) => event.type)).toContain('OrderAccepted');
    expect(answered.map((event: DeskJson) => event.actor)).toEqual(answered.map(() => null));

    const atVenue = (await desk.venueOrders()).filter(
      (order) => order.clientOrderId === placed.body.clientOrderId,
    );
    expect(atVenue).toHaveLength(1);
  });

  it('records the self-trade prevention a desk chose in the intent and sends it to the venue', async () => {
    const placed = await desk.call(
      'POST',
      '/v1/spot/orders',
      spotLimit({ price: '990', quantity: '0.002', stpMode: 'EXPIRE_MAKER' }),
    );
    expect(placed.status).toBe(201);
    const trail = await desk.call('GET', `/v1/orders/${placed.body.id}/events`);
    const intent = trail.body.items.find((event: DeskJson) => event.type === 'OrderSubmissionRequested');
    expect(intent.payload.request).toMatchObject({ stpMode: 'EXPIRE_MAKER' });
    const atVenue = (await desk.venueOrders()).find(
      (order) => order.clientOrderId === placed.body.clientOrderId,
    );
    expect(atVenue).toMatchObject({ stpMode: 'EXPIRE_MAKER' });
  });

  it('refuses an order off the tick before anything is recorded or sent, naming rule and field', async () => {
    const before = (await desk.venueOrders()).length;
    const refused = await desk.call('POST', '/v1/spot/orders', spotLimit({ price: '1000.001' }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'PRE_TRADE_REFUSED',
      rule: 'PRICE_TICK',
      field: 'price',
    });
    expect((await desk.venueOrders()).length).toBe(before);
  });

  it('refuses more than the configured max order quantity of the account', async () => {
    const refused = await desk.call('POST', '/v1/spot/orders', spotLimit({ quantity: '6' }));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ rule: 'MAX_ORDER_QTY', field: 'quantity' });
  });

  it('answers a repeated Idempotency-Key with the same order and sends nothing, also when its decimals differ only by zeros; another body is a 409', async () => {
    const headers = { 'Idempotency-Key': `spot-${Date.now()}` };
    const first = await desk.call('POST', '/v1/spot/orders', spotLimit(), headers);
    const again = await desk.call('POST', '/v1/spot/orders', spotLimit(), headers);
    expect(again.status).toBe(first.status);
    expect(again.body.id).toBe(first.body.id);
    const { price, quantity } = spotLimit();
    const padded = await desk.call(
      'POST',
      '/v1/spot/orders',
      spotLimit({ price: `${price}.000`, quantity: `0${quantity}0` }),
      headers,
    );
    expect(padded.status).toBe(first.status);
    expect(padded.body.id).toBe(first.body.id);
    const atVenue = (await desk.venueOrders()).filter(
      (order) => order.clientOrderId === first.body.clientOrderId,
    );
    expect(atVenue).toHaveLength(1);
    const reused = await desk.call('POST', '/v1/spot/orders', spotLimit({ price: '1001' }), headers);
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('places a futures limit order in contracts', async () => {
    const placed = await desk.call('POST', '/v1/futures/orders', {
      account: 'demo',
      symbol: 'BTCUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      type: 'LIMIT',
      priceType: 'INPUT',
      quantity: '3',
      price: '1000',
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ market: 'futures', status: 'NEW', origQty: '3' });
  });

  /** A futures STOP order request triggered at 90000, with `price` when one is given. */
  const futuresStop = (priceType: 'INPUT' | 'MARKET', price?: string) => ({
    account: 'demo',
    symbol: 'BTCUSDT-PERPETUAL',
    side: 'BUY_OPEN',
    type: 'STOP',
    priceType,
    quantity: '1',
    stopPrice: '90000',
    ...(price === undefined ? {} : { price }),
  });

  it('places futures STOP orders with a limit price (priceType INPUT) and without one (MARKET), each shown with its priceType', async () => {
    for (const priceType of ['INPUT', 'MARKET'] as const) {
      const placed = await desk.call(
        'POST',
        '/v1/futures/orders',
        futuresStop(priceType, priceType === 'INPUT' ? '90010' : undefined),
      );
      expect(placed.status).toBe(201);
      expect(placed.body).toMatchObject({ type: 'STOP', priceType, stopPrice: '90000' });
      expect((await desk.call('GET', `/v1/orders/${placed.body.id}`)).body.priceType).toBe(priceType);
    }
  });

  it('refuses a futures STOP whose priceType disagrees with its price (INPUT without one, MARKET with one), naming price, and sends nothing', async () => {
    const before = (await desk.venueOrders()).length;
    for (const [priceType, price] of [
      ['INPUT', undefined],
      ['MARKET', '90010'],
    ] as const) {
      const refused = await desk.call('POST', '/v1/futures/orders', futuresStop(priceType, price));
      expect({ priceType, status: refused.status, field: refused.body.error?.field }).toEqual({
        priceType,
        status: 400,
        field: 'price',
      });
    }
    expect((await desk.venueOrders()).length).toBe(before);
  });

  it('cancels an order: 202 REQUESTED, CONFIRMED on the later venue report; a second cancel of the closed order is 409; no amount shown throughout', async () => {
    const placed = await desk.call('POST', '/v1/spot/orders', spotLimit());
    const cancel = await desk.call('DELETE', `/v1/orders/${placed.body.id}`);
    expect(cancel.status).toBe(202);
    expect(cancel.body.cancel.state).toMatch(/REQUESTED|CONFIRMED/);
    const closed = await desk.orderUntil(placed.body.id, (order) => order.status === 'CANCELED', 30_000);
    expect(closed.cancel?.state).toBe('CONFIRMED');
    // Not placed by amount: none in every answer, whichever venue report each came after.
    expect([placed.body.amount, cancel.body.amount, closed.amount]).toEqual([null, null, null]);
    const again = await desk.call('DELETE', `/v1/orders/${placed.body.id}`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ORDER_NOT_OPEN');
  });

  it('answers a cancel of an unknown order id, or of one that is not a UUID, with 404 ORDER_NOT_FOUND naming id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const cancel = await desk.call('DELETE', `/v1/orders/${id}`);
      expect(cancel.status).toBe(404);
      expect(cancel.body).toEqual({
        error: { code: 'ORDER_NOT_FOUND', message: expect.any(String), field: 'id' },
      });
    }
  });

  it('cancels all open spot orders of a symbol: 202 with how many were requested, their requests recorded together, each then canceled', async () => {
    const first = await desk.call(
      'POST',
      '/v1/spot/orders',
      spotLimit({ symbol: 'ETHUSDT', price: '100', quantity: '0.1' }),
    );
    const second = await desk.call(
      'POST',
      '/v1/spot/orders',
      spotLimit({ symbol: 'ETHUSDT', price: '101', quantity: '0.1' }),
    );
    const cancelled = await desk.call('POST', '/v1/spot/orders/cancel-all', {
      account: 'demo',
      symbol: 'ETHUSDT',
    });
    expect(cancelled.status).toBe(202);
    expect(cancelled.body.requested).toBeGreaterThanOrEqual(2);
    for (const placed of [first, second]) {
      expect(
        (await desk.orderUntil(placed.body.id, (order) => order.status === 'CANCELED', 30_000)).status,
      ).toBe('CANCELED');
    }
    expect(await transactionsWriting('OrderCancelRequested', [first.body.id, second.body.id])).toBe(1);
  });

  it('refuses a cancel-all naming a symbol the venue does not list for the market, naming symbol', async () => {
    for (const [market, symbol] of [
      ['spot', 'BTCUSD'],
      ['futures', 'BTCUSDT'],
    ] as const) {
      const refused = await desk.call('POST', `/v1/${market}/orders/cancel-all`, { account: 'demo', symbol });
      expect({ market, status: refused.status, error: refused.body.error }).toEqual({
        market,
        status: 400,
        error: expect.objectContaining({
          code: 'PRE_TRADE_REFUSED',
          rule: 'SYMBOL_UNKNOWN',
          field: 'symbol',
        }),
      });
    }
  });

  it('sets a futures leverage at the venue and records it for the margin checks', async () => {
    const answer = await desk.call('POST', '/v1/futures/leverage', {
      account: 'demo',
      symbol: 'ETHUSDT-PERPETUAL',
      leverage: 7,
    });
    expect(answer.body).toMatchObject({ account: 'demo' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ account: 'demo', state: 'ACCEPTED', venue: { leverage: '7' } });
    // Recorded for the margin checks of every OMS process on the database.
    const recorded = await desk.database.dataSource.query<Array<{ leverage: string }>>(
      `SELECT leverage::text AS leverage FROM oms_futures_leverage WHERE account = 'demo' AND symbol = $1`,
      ['ETHUSDT-PERPETUAL'],
    );
    expect(recorded).toEqual([{ leverage: '7' }]);
  });

  it('refuses a NUL character in any field with 400 VALIDATION_FAILED naming it, the same under a repeated Idempotency-Key, never 500', async () => {
    const cancelAll = await desk.call('POST', '/v1/futures/orders/cancel-all', {
      account: 'demo',
      symbol: '\u0000',
      side: 'SELL',
    });
    expect(cancelAll.status).toBe(400);
    expect(cancelAll.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'symbol' });
    const byIds = await desk.call('POST', '/v1/spot/orders/cancel-by-ids', {
      account: 'demo',
      ids: ['00000000-0000-4000-8000-000000000000', 'a\u0000b'],
    });
    expect(byIds.status).toBe(400);
    expect(byIds.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'ids[1]' });

    const key = { 'Idempotency-Key': `nul-${Date.now()}` };
    const body = {
      account: 'demo',
      symbol: '\u0000',
      side: 'LONG',
      stopLoss: '1000',
      tpTriggerBy: 'MARK_PRICE',
    };
    const refused = await desk.call('POST', '/v1/futures/trading-stop', body, key);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_FAILED', field: 'symbol' });
    const repeated = await desk.call('POST', '/v1/futures/trading-stop', body, key);
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toEqual(refused.body.error);
  });

  it('cancels an order placed at the venue by someone else (origin external) by its id: 202, confirmed by the venue, then 409 ORDER_NOT_OPEN', async () => {
    const [demo] = parseExchangeAccounts(desk.stack.appEnvironment.EXCHANGE_ACCOUNTS!);
    const elsewhere = new ExchangeClient({
      baseUrl: desk.stack.appEnvironment.EXCHANGE_REST_URL!,
      credentials: demo.credentials,
    });
    const clientOrderId = `elsewhere-${Date.now()}`;
    try {
      const placed = await elsewhere.spot.placeOrder({
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '0.001',
        price: '1001',
        newClientOrderId: clientOrderId,
      });
      expect(placed.kind).toBe('accepted');
    } finally {
      await elsewhere.close();
    }
    let external: DeskJson;
    for (const deadline = Date.now() + 15_000; external === undefined && Date.now() < deadline;) {
      const listed = await desk.call('GET', `/v1/orders?clientOrderId=${clientOrderId}`);
      external = listed.body.items.find((order: DeskJson) => order.status === 'NEW');
      if (external === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(external).toMatchObject({ origin: 'external', cancel: null });

    const cancel = await desk.call('DELETE', `/v1/orders/${external!.id}`);
    expect(cancel.status).toBe(202);
    expect(cancel.body.cancel).toMatchObject({ state: 'REQUESTED', requestedBy: expect.any(String) });
    const closed = await desk.orderUntil(external!.id, (order) => order.status === 'CANCELED');
    expect(closed.cancel).toMatchObject({ state: 'CONFIRMED', requestedBy: cancel.body.cancel.requestedBy });
    expect((await desk.venueOrders()).find((order) => order.clientOrderId === clientOrderId)?.status).toBe(
      'CANCELED',
    );

    const again = await desk.call('DELETE', `/v1/orders/${external!.id}`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ORDER_NOT_OPEN');
  });

  it('places a spot order through the placeSpotOrder mutation', async () => {
    const answer = await desk.call('POST', '/graphql', {
      query: `mutation Place($input: SpotOrderInput!) { placeSpotOrder(input: $input) { id status clientOrderId createdBy } }`,
      variables: { input: spotLimit() },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.placeSpotOrder).toMatchObject({ status: 'NEW', createdBy: 'admin' });
  });

  it('answers placements while another answer commits; reads, queries and cancels of that OMS wait for the commit', async () => {
    const oms = await desk.startAnotherOms();
    let commit = () => {};
    oms.app
      .get(AnswerRecordings)
      .track('an-answer-still-committing', new Promise<void>((resolve) => (commit = resolve)));
    const pending = Symbol('pending');
    const within = <T>(promise: Promise<T>, ms: number) =>
      Promise.race([promise, new Promise<typeof pending>((resolve) => setTimeout(resolve, ms, pending))]);
    const call = (method: string, path: string, body?: unknown) => desk.call(method, path, body, {}, oms.url);

    // Released also when a check fails: the OMS closes only once every answer it tracks is committed.
    const released = (async () => {
      const placed = await within(call('POST', '/v1/spot/orders', spotLimit()), 10_000);
      if (placed === pending) throw new Error('a placement waited for another answer to commit');
      expect(placed.status).toBe(201);
      const read = call('GET', `/v1/orders/${placed.body.id}`);
      const query = call('POST', '/graphql', { query: `{ orders(limit: 1) { items { id } } }` });
      const cancel = call('DELETE', `/v1/orders/${placed.body.id}`);
      expect(await within(Promise.race([read, query, cancel]), 500)).toBe(pending);
      return { placed, read, query, cancel };
    })().finally(() => commit());
    const { placed, read, query, cancel } = await released;
    // At least the answer: the venue's order id (the cancel, sent alongside, may have closed it since).
    expect(placed.body.orderId).not.toBeNull();
    expect((await read).body).toMatchObject({ id: placed.body.id, orderId: placed.body.orderId });
    expect((await read).body.status).not.toBe('PENDING_SUBMIT');
    expect((await query).body.errors).toBeUndefined();
    expect((await cancel).status).toBe(202);
  });

  it('refuses a small body nested thousands deep with 400 naming where, on every command route, never 500', async () => {
    let deep: unknown = '1';
    for (let level = 0; level < 3_000; level += 1) deep = [deep];
    for (const path of [
      '/v1/spot/orders',
      '/v1/futures/orders',
      '/v1/spot/orders/batch',
      '/v1/spot/orders/cancel-all',
      '/v1/futures/leverage',
      '/v1/transfers',
    ]) {
      const refused = await desk.call('POST', path, { account: 'demo', quantity: deep });
      expect({ path, status: refused.status, code: refused.body.error?.code }).toEqual({
        path,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
      expect(refused.body.error.field).toMatch(/^quantity(\[0\])+$/);
    }
    const wholeBody = await desk.call('POST', '/v1/spot/orders', deep);
    expect(wholeBody.status).toBe(400);
  });

  it('names the field of an invalid request, saying what its value should be, and of an unknown account', async () => {
    const invalid = await desk.call('POST', '/v1/spot/orders', spotLimit({ quantity: '1e-3' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.field).toBe('quantity');
    const noLeverage = await desk.call('POST', '/v1/futures/leverage', {
      account: 'demo',
      symbol: 'BTCUSDT-PERPETUAL',
    });
    expect(noLeverage.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'leverage',
      message: 'leverage: leverage must be an integer number',
    });
    const contracts = await desk.call('POST', '/v1/futures/orders', {
      account: 'demo',
      symbol: 'BTCUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      type: 'LIMIT',
      priceType: 'INPUT',
      price: '30000',
      quantity: '99999999999999999999',
    });
    expect(contracts.body.error).toMatchObject({ code: 'PRE_TRADE_REFUSED', field: 'quantity' });
    expect(contracts.body.error.message).toMatch(/got 99999999999999999999 contracts$/);
    const unknown = await desk.call('POST', '/v1/spot/orders', spotLimit({ account: 'nobody' }));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('ACCOUNT_NOT_FOUND');
  });

  it('cancels orders by id in one venue call, each with its own outcome in request order, their requests recorded together', async () => {
    const first = await desk.call('POST', '/v1/spot/orders', spotLimit({ price: '950', quantity: '0.002' }));
    const second = await desk.call('POST', '/v1/spot/orders', spotLimit({ price: '951', quantity: '0.002' }));
    const answer = await desk.call('POST', '/v1/spot/orders/cancel-by-ids', {
      account: 'demo',
      ids: [first.body.id, '00000000-0000-0000-0000-000000000000', second.body.id],
    });
    expect(answer.status).toBe(202);
    const [one, unknown, two] = answer.body.results;
    expect(unknown.error).toMatchObject({ code: 'ORDER_NOT_FOUND', field: 'ids[1]' });
    expect([one.order.id, two.order.id]).toEqual([first.body.id, second.body.id]);
    for (const placed of [first, second]) {
      const closed = await desk.orderUntil(placed.body.id, (order) => order.status === 'CANCELED', 30_000);
      expect(closed.cancel?.state).toBe('CONFIRMED');
    }
    expect(await transactionsWriting('OrderCancelRequested', [first.body.id, second.body.id])).toBe(1);
  });
  it("checks a batch's orders against the balance together, refusing the one the earlier ones leave no funds for, and records their intents in one transaction", async () => {
    const btc = await spotBalanceOf('BTC');
    // The venue's demo account starts with 10 BTC; the specs before this one buy a little.
    expect(Number(btc)).toBeGreaterThanOrEqual(9);
    expect(Number(btc)).toBeLessThan(12);
    const sell = (quantity: string) => ({
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'LIMIT',
      quantity,
      price: '250000',
    });
    const batch = await desk.call('POST', '/v1/spot/orders/batch', {
      account: 'demo',
      orders: [sell('4'), sell('4'), sell('4'), sell('1')],
    });
    expect(batch.status).toBe(201);
    const [first, second, refused, fourth] = batch.body.results;
    expect(refused.error).toMatchObject({
      code: 'PRE_TRADE_REFUSED',
      rule: 'AVAILABLE_BALANCE',
      field: 'orders[2].quantity',
    });
    const placed = [first.order, second.order, fourth.order];
    expect(placed.map((order) => order.status)).toEqual(['NEW', 'NEW', 'NEW']);
    expect(
      await transactionsWriting(
        'OrderSubmissionRequested',
        placed.map((order) => order.id),
      ),
    ).toBe(1);

    const canceled = await desk.call('POST', '/v1/spot/orders/cancel-by-ids', {
      account: 'demo',
      ids: placed.map((order) => order.id),
    });
    expect(canceled.status).toBe(202);
    for (const order of placed) {
      await desk.orderUntil(order.id, (current) => current.status === 'CANCELED', 30_000);
    }
  });

  it('checks single orders sent at the same moment against the balance one after the other: those the others leave no funds for are refused before anything is sent', async () => {
    const total = Number(await spotBalanceOf('BTC'));
    const quantity = (Math.floor(total * 300) / 1000).toFixed(3);
    const sell = { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', quantity, price: '250000' };
    // Five orders, each for 30 % of the balance, sent together: at most three fit.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => desk.call('POST', '/v1/spot/orders', { account: 'demo', ...sell })),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(placed).toHaveLength(3);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 'PRE_TRADE_REFUSED',
        rule: 'AVAILABLE_BALANCE',
        field: 'quantity',
      });
    }
    const canceled = await desk.call('POST', '/v1/spot/orders/cancel-by-ids', {
      account: 'demo',
      ids: placed.map((answer) => answer.body.id),
    });
    expect(canceled.status).toBe(202);
    for (const answer of placed) {
      await desk.orderUntil(answer.body.id, (current) => current.status === 'CANCELED', 30_000);
    }
  });

  it('answers a spot order that fills at once with its quote and an average price consistent with it, as the stream report brings them', async () => {
    const placed = await desk.call(
      'POST',
      '/v1/spot/orders',
      spotLimit({ price: '200000', quantity: '0.002' }),
    );
    expect(placed.status).toBe(201);
    // The acknowledgement says FILLED without quote or average; the answer waits for the
    // stream's report, which brings the quote.
    expect(placed.body).toMatchObject({ status: 'FILLED', executedQty: '0.002' });
    expect(Number(placed.body.cumulativeQuoteQty)).toBeGreaterThan(0);
    expect(Number(placed.body.avgPrice)).toBeCloseTo(Number(placed.body.cumulativeQuoteQty) / 0.002, 6);
    const filled = await desk.orderUntil(
      placed.body.id,
      (order) => order.status === 'FILLED' && Number(order.cumulativeQuoteQty) > 0,
      30_000,
    );
    expect(filled.executedQty).toBe('0.002');
    expect(filled.avgPrice).not.toBeNull();
    expect(Number(filled.avgPrice)).toBeCloseTo(Number(filled.cumulativeQuoteQty) / 0.002, 6);
  });

  it('places a spot MARKET SELL sized by cash amount (v1.1): the venue sells base until the amount is raised', async () => {
    const placed = await desk.call('POST', '/v1/spot/orders', {
      account: 'demo',
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'MARKET',
      amount: '100',
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ side: 'SELL', type: 'MARKET', amount: '100' });
    const settled = await desk.orderUntil(
      placed.body.id,
      (order) => ['FILLED', 'PARTIALLY_CANCELED'].includes(order.status) && Number(order.executedQty) > 0,
      30_000,
    );
    expect(Number(settled.cumulativeQuoteQty)).toBeGreaterThan(0);
    expect(Number(settled.cumulativeQuoteQty)).toBeLessThanOrEqual(100);
    const venueOrder = (await desk.venueOrders()).find(
      (order) => order.clientOrderId === settled.clientOrderId,
    );
    expect(venueOrder).toMatchObject({ side: 'SELL', executedQty: settled.executedQty });
  });

  it("answers a futures order that fills at once with its quote, which its fills' quotes add up to (price × contracts, as the venue counts it)", async () => {
    const placed = await desk.call('POST', '/v1/futures/orders', {
      account: 'demo',
      symbol: 'BTCUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      type: 'LIMIT',
      priceType: 'MARKET',
      quantity: '2',
    });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: 'FILLED', executedQty: '2' });
    expect(Number(placed.body.cumulativeQuoteQty)).toBeCloseTo(Number(placed.body.avgPrice) * 2, 6);
    const deadline = Date.now() + 15_000;
    let fills: DeskJson[] = [];
    while (fills.reduce((contracts, fill) => contracts + Number(fill.qty), 0) < 2) {
      if (Date.now() > deadline)
        throw new Error(`the fills of ${placed.body.id} were not listed: ${JSON.stringify(fills)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      fills = (await desk.call('GET', `/v1/fills?omsOrderId=${placed.body.id}`)).body.items;
    }
    for (const fill of fills) {
      expect(Number(fill.quoteQty)).toBeCloseTo(Number(fill.price) * Number(fill.qty), 6);
    }
    const listedQuote = fills.reduce((total, fill) => total + Number(fill.quoteQty), 0);
    expect(listedQuote).toBeCloseTo(Number(placed.body.cumulativeQuoteQty), 6);
  });

  it('records a dropped and resumed venue stream as one gap: one event in the log, one in /health', async () => {
    const streamOf = async () =>
      (await desk.call('GET', '/health')).body.info?.venueStreams?.accounts?.demo as
        { connected: boolean; gaps: number } | undefined;
    const gapsBefore = (await streamOf())?.gaps ?? 0;
    const closed = await fetch(`${desk.controlUrl}/faults/stream/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(closed.ok).toBe(true);
    const deadline = Date.now() + 20_000;
    let stream = await streamOf();
    while (!(stream?.connected === true && stream.gaps > gapsBefore)) {
      if (Date.now() > deadline)
        throw new Error(`the stream did not come back with a gap: ${JSON.stringify(stream)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      stream = await streamOf();
    }
    // Both of ingest's reports of the reconnection (the gap, the connection) are folded by now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await streamOf())?.gaps).toBe(gapsBefore + 1);
    const [{ gaps }] = await desk.database.dataSource.query<Array<{ gaps: number }>>(
      `SELECT count(*)::int AS gaps FROM events WHERE event_type = 'VenueStreamGapDetected'`,
    );
    expect(gaps).toBe(gapsBefore + 1);
  });

  it("shows the order a desk STOP created at the venue when it triggered as a desk order, under the stop's client id", async () => {
    const mark = (price: string) =>
      fetch(`${desk.controlUrl}/marks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: 'BTCUSDT-PERPETUAL', price }),
      });
    expect((await mark('60000')).ok).toBe(true);
    const stop = await desk.call('POST', '/v1/futures/orders', {
      ...futuresStop('MARKET'),
      stopPrice: '61000',
    });
    expect(stop.status).toBe(201);
    expect((await mark('61500')).ok).toBe(true);
    const deadline = Date.now() + 20_000;
    let orders: DeskJson[] = [];
    while (!orders.some((order) => order.type !== 'STOP')) {
      if (Date.now() > deadline) throw new Error(`no triggered order was listed: ${JSON.stringify(orders)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      orders = (await desk.call('GET', `/v1/orders?clientOrderId=${stop.body.clientOrderId}`)).body.items;
    }
    expect(
      orders.map((order) => ({ type: order.type === 'STOP' ? 'STOP' : 'triggered', origin: order.origin })),
    ).toEqual(
      expect.arrayContaining([
        { type: 'STOP', origin: 'desk' },
        { type: 'triggered', origin: 'desk' },
      ]),
    );
  });

  // Last: it revokes the stack's trading key at the venue.
  it('a create the venue refuses answers 400 VENUE_REJECTED with the venue code, the order recorded REJECTED, and a repeat sends nothing', async () => {
    const demo = desk.stack.venue!.demo;
    const revoked = await fetch(`${desk.controlUrl}/accounts/${demo.userId}/keys/${demo.apiKey}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(200);
    const key = { 'Idempotency-Key': 'refused-by-the-venue' };
    const body = spotLimit({ clientOrderId: 'refused-1' });
    const refused = await desk.call('POST', '/v1/spot/orders', body, key);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VENUE_REJECTED' });
    expect(refused.body.error.venueCode).toEqual(expect.any(String));
    expect(refused.body.error.venueMessage).toEqual(expect.any(String));
    // The desk's own client id names the order, and so does the OMS's form of it sent to the venue.
    const listed = await desk.call('GET', '/v1/orders?account=demo&clientOrderId=refused-1');
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0].clientOrderId).toBe('oms-refused-1');
    const byVenueForm = await desk.call('GET', '/v1/orders?account=demo&clientOrderId=oms-refused-1');
    expect(byVenueForm.body.items.map((order: DeskJson) => order.id)).toEqual([listed.body.items[0].id]);
    expect(listed.body.items[0].status).toBe('REJECTED');
    const trail = await desk.call('GET', `/v1/orders/${listed.body.items[0].id}/events`);
    const rejection = trail.body.items.find((event: DeskJson) => event.type === 'OrderRejected');
    expect(rejection.payload).toMatchObject({ venueCode: refused.body.error.venueCode });
    const repeated = await desk.call('POST', '/v1/spot/orders', body, key);
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toEqual(refused.body.error);
    const again = await desk.call('GET', `/v1/orders/${listed.body.items[0].id}/events`);
    expect(again.body.items).toHaveLength(trail.body.items.length);
  });
});
