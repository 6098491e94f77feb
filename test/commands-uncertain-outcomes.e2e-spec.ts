import { DataSource } from 'typeorm';
import { KafkaFoldConsumer } from '../apps/oms/src/fold/kafka-fold.consumer';
import { CommandAttempt } from '../apps/oms/src/commands/idempotency/command-attempt';
import { requestFingerprint } from '../apps/oms/src/commands/idempotency/request-fingerprint';
import { OutboxRelay } from '../apps/oms/src/outbox/outbox.relay';
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

const isCertain = (order: { status: string }) =>
  order.status !== 'UNCERTAIN' && order.status !== 'PENDING_SUBMIT';

/**
 * The seeds' 5XX rule against the simulated venue's faults: an unknown outcome is
 * UNCERTAIN, looked up by client id, resolved with the venue's state or NOT_PLACED,
 * and never placed twice.
 */
describe('uncertain outcomes of desk orders (e2e)', () => {
  let desk: CommandStack;

  beforeAll(async () => {
    // The first lookup waits a second, so a stream report that reached the venue before the
    // client timed out has time to come through ingest and Kafka even on a loaded machine.
    desk = await startCommandStack({ OMS_RESOLUTION_FIRST_LOOKUP_MS: '1000' });
  });

  afterAll(async () => {
    await desk?.stop();
  });

  afterEach(async () => {
    await desk.clearFaults();
  });

  async function copiesAtVenue(clientOrderId: string): Promise<number> {
    return (await desk.venueOrders()).filter((order) => order.clientOrderId === clientOrderId).length;
  }

  async function eventOf(id: string, type: string): Promise<DeskJson> {
    const trail = await desk.call('GET', `/v1/orders/${id}/events`);
    return trail.body.items.find((event: DeskJson) => event.type === type);
  }

  const resolutionOf = (id: string) => eventOf(id, 'OrderSubmissionResolved');

  it('a 5XX before the venue accepted answers UNCERTAIN, counts its lookups as they go and resolves NOT_PLACED after the window', async () => {
    await desk.fault('http', { mode: 'FAIL_BEFORE', count: 1, status: 503 });
    const placed = await desk.call('POST', '/v1/spot/orders', spotLimit());
    expect(placed.status).toBe(201);
    expect(placed.body.status).toBe('UNCERTAIN');
    expect(placed.body.uncertainty).toMatchObject({ reason: 'HTTP_5XX', lookups: 0 });
    const lookedUp = await desk.orderUntil(
      placed.body.id,
      (order) => isCertain(order) || (order.uncertainty as { lookups: number }).lookups > 0,
    );
    expect(lookedUp.uncertainty).toMatchObject({ reason: 'HTTP_5XX', lookups: expect.any(Number) });
    const settled = await desk.orderUntil(placed.body.id, isCertain);
    expect(settled.status).toBe('NOT_PLACED');
    const lookups = (await desk.call('GET', `/v1/orders/${placed.body.id}/events`)).body.items.filter(
      (event: DeskJson) => event.type === 'OrderSubmissionLookedUp',
    );
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups[0]).toMatchObject({ source: 'rest-poll', actor: null, payload: { answer: 'not-found' } });
    const resolution = (await resolutionOf(placed.body.id)).payload;
    expect(resolution).toMatchObject({ outcome: 'absent', evidence: { kind: 'lookups-not-found' } });
    // The lookups were counted on the order as they went (its 1st, 2nd, 4th... are recorded).
    const counted = lookups.reduce((sum: number, event: DeskJson) => sum + event.payload.lookups, 0);
    expect(resolution.evidence.lookups).toBeGreaterThanOrEqual(2);
    expect(counted).toBeGreaterThanOrEqual(2);
    expect(await copiesAtVenue(placed.body.clientOrderId)).toBe(0);
  });

  it('a 5XX after the venue accepted resolves with the venue state, placed once', async () => {
    await desk.fault('http', { mode: 'FAIL_AFTER', count: 1 });
    const placed = await desk.call('POST', '/v1/spot/orders', spotLimit());
    expect(placed.status).toBe(201);
    // UNCERTAIN, or already NEW when the venue's stream report was folded before the 5XX answer.
    expect(['UNCERTAIN', 'NEW']).toContain(placed.body.status);
    const settled = await desk.orderUntil(placed.body.id, isCertain);
    expect(settled.status).toBe('NEW');
    expect(settled.orderId).not.toBeNull();
    expect((await eventOf(placed.body.id, 'OrderSubmissionUncertain')).payload).toMatchObject({
      reason: 'http-5xx',
    });
    expect((await resolutionOf(placed.body.id)).payload).toMatchObject({ outcome: 'found' });
    expect(await copiesAtVenue(placed.body.clientOrderId)).toBe(1);
  });

  it('a venue that hangs past the client timeout: answered within the timeout, settled by the stream report before any lookup', async () => {
    await desk.fault('http', { mode: 'HANG_AFTER', count: 1, releaseAfterMs: 5000 });
    const started = Date.now();
    const placed = await desk.call('POST', '/v1/futures/orders', {
      account: 'demo',
      symbol: 'BTCUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '2',
      price: '1000',
    });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(placed.status).toBe(201);
    const settled = await desk.orderUntil(placed.body.id, isCertain);
    expect(settled.status).toBe('NEW');
    const trail: DeskJson[] = (await desk.call('GET', `/v1/orders/${placed.body.id}/events`)).body.items;
    const types = trail.map((event) => event.type);
    // The venue's stream reported the order while the HTTP call hung, before the timeout was recorded.
    const streamReport = trail.findIndex(
      (event) => event.type === 'FuturesOrderObserved' && event.source === 'ws',
    );
    expect(streamReport).toBeGreaterThan(-1);
    expect(streamReport).toBeLessThan(types.indexOf('OrderSubmissionUncertain'));
    expect(trail[types.indexOf('OrderSubmissionUncertain')].payload).toMatchObject({ reason: 'timeout' });
    // So the timeout was settled in the same decision, from what the venue had reported (a
    // poll of the same moment may have seen it too and wins the tie), without any lookup.
    const resolution = await resolutionOf(placed.body.id);
    expect(resolution.payload).toMatchObject({
      outcome: 'found',
      evidence: { kind: 'observation' },
      tookMs: 0,
    });
    expect(await copiesAtVenue(placed.body.clientOrderId)).toBe(1);
  });

  it('a repeated Idempotency-Key sent while the first request waits on the venue answers as the first did, placed once', async () => {
    await desk.fault('http', { mode: 'HANG_AFTER', count: 1, releaseAfterMs: 5000 });
    const headers = { 'Idempotency-Key': `in-flight-${Date.now()}` };
    const body = spotLimit({ price: '996', quantity: '0.002' });
    const first = desk.call('POST', '/v1/spot/orders', body, headers);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const repeat = await desk.call('POST', '/v1/spot/orders', body, headers);
    const answered = await first;
    expect(answered.status).toBe(201);
    expect(repeat.status).toBe(201);
    expect(repeat.body.id).toBe(answered.body.id);
    await desk.orderUntil(answered.body.id, isCertain);
    expect(await copiesAtVenue(answered.body.clientOrderId)).toBe(1);
  });

  it('a batch with mixed outcomes keeps request order: refused, and uncertain ones resolved one by one', async () => {
    await desk.fault('http', { mode: 'FAIL_AFTER', count: 1 });
    const batch = await desk.call('POST', '/v1/spot/orders/batch', {
      account: 'demo',
      orders: [
        { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.001', price: '1000' },
        { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.001', price: '1000.005' },
        { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.002', price: '999' },
      ],
    });
    expect(batch.status).toBe(201);
    const [first, refused, third] = batch.body.results;
    expect(refused.error).toMatchObject({
      code: 'PRE_TRADE_REFUSED',
      rule: 'PRICE_TICK',
      field: 'orders[1].price',
    });
    for (const order of [first.order, third.order]) {
      // UNCERTAIN, or already NEW when the stream report was folded before the 5XX answer.
      expect(['UNCERTAIN', 'NEW']).toContain(order.status);
      expect((await desk.orderUntil(order.id, isCertain)).status).toBe('NEW');
      expect((await eventOf(order.id, 'OrderSubmissionUncertain')).payload).toMatchObject({
        reason: 'http-5xx',
      });
      expect(await copiesAtVenue(order.clientOrderId)).toBe(1);
    }
  });

  it('an uncertain cancel: 202 UNCERTAIN, then confirmed from the venue state', async () => {
    const placed = await desk.call('POST', '/v1/spot/orders', spotLimit());
    expect(placed.body.status).toBe('NEW');
    await desk.fault('http', { mode: 'FAIL_AFTER', count: 1 });
    const cancel = await desk.call('DELETE', `/v1/orders/${placed.body.id}`);
    expect(cancel.status).toBe(202);
    expect(cancel.body.cancel.state).toBe('UNCERTAIN');
    const closed = await desk.orderUntil(placed.body.id, (order) => order.status === 'CANCELED');
    expect(closed.cancel?.state).toBe('CONFIRMED');
  });

  it('an uncertain cancel by ids: each order answered with its cancel UNCERTAIN, then each confirmed from the venue state', async () => {
    const placed = [
      await desk.call('POST', '/v1/spot/orders', spotLimit({ price: '980', quantity: '0.002' })),
      await desk.call('POST', '/v1/spot/orders', spotLimit({ price: '981', quantity: '0.002' })),
    ];
    expect(placed.map((answer) => answer.body.status)).toEqual(['NEW', 'NEW']);
    await desk.fault('http', { mode: 'FAIL_AFTER', count: 1 });
    const cancel = await desk.call('POST', '/v1/spot/orders/cancel-by-ids', {
      account: 'demo',
      ids: placed.map((answer) => answer.body.id),
    });
    expect(cancel.status).toBe(202);
    for (const [index, result] of cancel.body.results.entries()) {
      expect(result.order.id).toBe(placed[index].body.id);
      // UNCERTAIN, or already CONFIRMED when the stream's report was folded before the answer.
      expect(['UNCERTAIN', 'CONFIRMED']).toContain(result.order.cancel.state);
    }
    for (const [index, answer] of placed.entries()) {
      const closed = await desk.orderUntil(answer.body.id, (order) => order.status === 'CANCELED');
      expect(closed.cancel?.state).toBe('CONFIRMED');
      if (cancel.body.results[index].order.cancel.state !== 'UNCERTAIN') continue;
      const trail: DeskJson[] = (await desk.call('GET', `/v1/orders/${answer.body.id}/events`)).body.items;
      expect(trail.find((event) => event.type === 'OrderCancelUncertain')?.payload).toMatchObject({
        reason: 'http-5xx',
      });
    }
  });

  it('a cancel of an UNCERTAIN order the venue never got: 202 UNCERTAIN, then NOT_PLACED with the cancel refused, by whom it names', async () => {
    await desk.fault('http', { mode: 'FAIL_BEFORE', count: 1, status: 500 });
    const placed = await desk.call('POST', '/v1/spot/orders', spotLimit());
    expect(placed.body.status).toBe('UNCERTAIN');
    const cancel = await desk.call('DELETE', `/v1/orders/${placed.body.id}`);
    expect(cancel.status).toBe(202);
    expect(cancel.body.cancel).toMatchObject({ state: 'UNCERTAIN', requestedBy: expect.any(String) });
    const settled = await desk.orderUntil(
      placed.body.id,
      (order) => isCertain(order) && order.cancel?.state !== 'UNCERTAIN',
    );
    expect(settled.status).toBe('NOT_PLACED');
    expect(settled.cancel).toMatchObject({ state: 'REFUSED', requestedBy: cancel.body.cancel.requestedBy });
    expect(await copiesAtVenue(placed.body.clientOrderId)).toBe(0);
  });

  it('a cancel of an order whose create is still unanswered (PENDING_SUBMIT) goes by its client id: 202, and the venue cancels it', async () => {
    // The venue executes the create and holds its answer; its stream reports are dropped,
    // so the OMS knows nothing of the order but its intent while the desk cancels.
    const dropped = await fetch(`${desk.controlUrl}/faults/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'DROP', count: 100 }),
    });
    expect(dropped.status).toBeLessThan(300);
    await desk.fault('http', { mode: 'HANG_AFTER', count: 1, releaseAfterMs: 5000 });
    const body = spotLimit({ price: '994', quantity: '0.002' });
    const placing = desk.call('POST', '/v1/spot/orders', body);
    let pending: DeskJson = undefined;
    for (let tries = 0; pending === undefined && tries < 100; tries += 1) {
      const listed = await desk.call('GET', '/v1/orders?status=PENDING_SUBMIT&symbol=BTCUSDT');
      pending = listed.body.items.find((order: DeskJson) => order.price === '994');
      if (pending === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(pending).toBeDefined();
    const cancel = await desk.call('DELETE', `/v1/orders/${pending!.id}`);
    expect(cancel.status).toBe(202);
    await placing;
    await desk.clearFaults();
    const settled = await desk.orderUntil(
      pending!.id,
      (order) => order.status === 'CANCELED' && order.cancel?.state === 'CONFIRMED',
      30_000,
    );
    expect(settled.cancel).toMatchObject({ state: 'CONFIRMED' });
    const atVenue = (await desk.venueOrders()).filter(
      (order) => order.clientOrderId === settled.clientOrderId,
    );
    expect(atVenue).toEqual([expect.objectContaining({ status: 'CANCELED' })]);
  });

  it('an OMS killed between intent and answer: a new OMS resolves the intent, never re-sends it', async () => {
    const doomed = await desk.startOmsProcess();
    // The venue takes the order and hangs; the OMS that sent it dies before any answer.
    const { pending, intent } = await placeWhileVenueHangs(doomed.url, '998', 3000);
    await untilAtVenue(intent.clientOrderId);
    await doomed.kill();
    await pending.catch(() => undefined);
    const restarted = await desk.startAnotherOms();
    const settled = await desk.orderUntil(intent.id, isCertain, 20_000);
    expect(settled.status).toBe('NEW');
    expect(await copiesAtVenue(intent.clientOrderId)).toBe(1);
    await restarted.app.close();
  });

  it('a repeated Idempotency-Key after the OMS serving the first request died answers the order that OMS recorded, placed once', async () => {
    const doomed = await desk.startOmsProcess();
    const headers = { 'Idempotency-Key': `abandoned-${Date.now()}` };
    const body = spotLimit({ price: '995', quantity: '0.002' });
    await desk.fault('http', { mode: 'HANG_AFTER', count: 1, releaseAfterMs: 3000 });
    const pending = desk.call('POST', '/v1/spot/orders', body, headers, doomed.url);
    const intent = await waitForIntent('995');
    await untilAtVenue(intent.clientOrderId);
    await doomed.kill();
    await pending.catch(() => undefined);

    // The key stays claimed by the dead request; once no answer can come from it, the
    // repeat takes it over and finds the order by the client id the claim derives.
    const repeat = await desk.call('POST', '/v1/spot/orders', body, headers);
    expect(repeat.status).toBe(201);
    expect(repeat.body.id).toBe(intent.id);
    expect(repeat.body.clientOrderId).toBe(intent.clientOrderId);
    const again = await desk.call('POST', '/v1/spot/orders', body, headers);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(intent.id);
    expect((await desk.orderUntil(intent.id, isCertain, 20_000)).status).toBe('NEW');
    expect(await copiesAtVenue(intent.clientOrderId)).toBe(1);
  });

  it('a repeated Idempotency-Key whose first request died before recording anything places the order, once', async () => {
    const body = spotLimit({ price: '993', quantity: '0.002' });
    const key = await abandonedClaim('abandoned-early', 'POST /v1/spot/orders', body, 'a-dead-attempt');
    const headers = { 'Idempotency-Key': key };
    const repeat = await desk.call('POST', '/v1/spot/orders', body, headers);
    expect(repeat.status).toBe(201);
    expect(repeat.body.price).toBe('993');
    const again = await desk.call('POST', '/v1/spot/orders', body, headers);
    expect(again.body.id).toBe(repeat.body.id);
    await desk.orderUntil(repeat.body.id, isCertain, 20_000);
    expect(await copiesAtVenue(repeat.body.clientOrderId)).toBe(1);
  });

  it('a repeated Idempotency-Key of a batch whose OMS died answers the orders it recorded in their places, and sends nothing', async () => {
    const orders = [
      { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.002', price: '992' },
      { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.002', price: '991' },
    ];
    const body = { account: 'demo', orders };
    const key = await abandonedClaim('abandoned-batch', 'POST /v1/spot/orders/batch', body, 'a-dead-batch');
    // The dead attempt had recorded (and placed) the first order under the client id its
    // claim derives, and not the second.
    const first = await desk.call('POST', '/v1/spot/orders', {
      account: 'demo',
      ...orders[0],
      clientOrderId: new CommandAttempt('a-dead-batch').clientOrderToken(0),
    });
    expect(first.status).toBe(201);
    const venueOrdersBefore = (await desk.venueOrders()).length;

    const repeat = await desk.call('POST', '/v1/spot/orders/batch', body, { 'Idempotency-Key': key });
    expect(repeat.status).toBe(201);
    expect(repeat.body.results[0].order.id).toBe(first.body.id);
    expect(repeat.body.results[1].error).toMatchObject({ code: 'CONFLICT', field: 'orders[1]' });
    expect((await desk.venueOrders()).length).toBe(venueOrdersBefore);
  });

  it('a repeated Idempotency-Key of a transfer whose OMS died is refused with its client id and never sent again', async () => {
    const body = { account: 'demo', fromAccountId: '1', toAccountId: '2', coin: 'USDT', quantity: '1' };
    const key = await abandonedClaim('abandoned-transfer', 'POST /v1/transfers', body, 'a-dead-transfer');
    const headers = { 'Idempotency-Key': key };
    const refused = await desk.call('POST', '/v1/transfers', body, headers);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', field: 'Idempotency-Key' });
    expect(refused.body.error.message).toMatch(/clientOrderId oms-t-[0-9a-f]{32}\b/);
    // The refusal is the key's answer from now on.
    expect((await desk.call('POST', '/v1/transfers', body, headers)).body).toEqual(refused.body);
  });

  it('an OMS killed in the middle of resolution: the next one rebuilds it from the store', async () => {
    const doomed = await desk.startOmsProcess();
    await desk.fault('http', { mode: 'FAIL_BEFORE', count: 1, status: 502 });
    const placed = await desk.call(
      'POST',
      '/v1/spot/orders',
      spotLimit({ price: '997', quantity: '0.002' }),
      {},
      doomed.url,
    );
    expect(placed.body.status).toBe('UNCERTAIN');
    await doomed.kill();
    const restarted = await desk.startAnotherOms();
    const settled = await desk.orderUntil(placed.body.id, isCertain, 20_000);
    expect(settled.status).toBe('NOT_PLACED');
    expect(await copiesAtVenue(placed.body.clientOrderId)).toBe(0);
    await restarted.app.close();
  });

  it('an OMS closed while a desk order waits on the venue answers it, and stops its fold and outbox relay before closing its database', async () => {
    const steps: string[] = [];
    const recordWhenDone = <T extends object>(prototype: T, method: keyof T & string, step: string) => {
      const original = prototype[method] as unknown as (...args: unknown[]) => Promise<unknown>;
      jest.spyOn(prototype, method as never).mockImplementation(async function (
        this: unknown,
        ...args: unknown[]
      ) {
        const result = await original.apply(this, args);
        steps.push(step);
        return result;
      } as never);
    };
    recordWhenDone(KafkaFoldConsumer.prototype, 'stop', 'fold stopped');
    recordWhenDone(OutboxRelay.prototype, 'stop', 'outbox relay stopped');
    const destroy = DataSource.prototype.destroy;
    jest.spyOn(DataSource.prototype, 'destroy').mockImplementation(function (this: DataSource) {
      steps.push('database closing');
      return destroy.call(this);
    });
    try {
      const other = await desk.startAnotherOms();
      // The venue takes the order and hangs past the OMS's venue timeout (1.5 s).
      const { pending, intent } = await placeWhileVenueHangs(other.url, '996', 5000);
      await other.app.close();
      const placed = await pending;

      // Answered after the timeout (NEW when the venue's stream report was folded first),
      // and that answer is in the store, recorded by the OMS that was closing.
      expect(placed.status).toBe(201);
      expect(['UNCERTAIN', 'NEW']).toContain(placed.body.status);
      expect((await eventOf(intent.id, 'OrderSubmissionUncertain'))?.payload).toMatchObject({
        reason: 'timeout',
      });
      // Stopped while the database was open (the fold only if it had joined its group by then).
      expect(steps[steps.length - 1]).toBe('database closing');
      expect(steps).toContain('outbox relay stopped');
      expect((await desk.orderUntil(intent.id, isCertain, 20_000)).status).toBe('NEW');
      expect(await copiesAtVenue(intent.clientOrderId)).toBe(1);
    } finally {
      jest.restoreAllMocks();
    }
  });

  /**
   * A desk order sent to the OMS at `omsUrl` while the venue takes orders and hangs for
   * `hangMs`: the request, still waiting, and the order once its intent is recorded.
   */
  async function placeWhileVenueHangs(
    omsUrl: string,
    price: string,
    hangMs: number,
  ): Promise<{ pending: ReturnType<CommandStack['call']>; intent: DeskJson }> {
    await desk.fault('http', { mode: 'HANG_AFTER', count: 1, releaseAfterMs: hangMs });
    const pending = desk.call('POST', '/v1/spot/orders', spotLimit({ price, quantity: '0.002' }), {}, omsUrl);
    return { pending, intent: await waitForIntent(price) };
  }

  /**
   * What a request leaves when its OMS dies after claiming its Idempotency-Key: the key
   * claimed a minute ago with `seed`, for `body` sent to `route`, and no answer.
   */
  async function abandonedClaim(prefix: string, route: string, body: unknown, seed: string): Promise<string> {
    const key = `${prefix}-${Date.now()}`;
    await desk.database.dataSource.query(
      `INSERT INTO oms_idempotency_keys
         (token_name, idempotency_key, request_hash, state, created_at, expires_at, attempt_seed)
       VALUES ($1, $2, $3, 'pending', now() - interval '1 minute', now() + interval '1 day', $4)`,
      [await deskTokenName(), key, requestFingerprint(route, body), seed],
    );
    return key;
  }

  /** The name of the token the stack's desk calls carry (its idempotency keys are scoped to it). */
  async function deskTokenName(): Promise<string> {
    const key = `token-name-${Date.now()}`;
    await desk.call('POST', '/v1/spot/orders', spotLimit({ price: '1000.00001' }), {
      'Idempotency-Key': key,
    });
    const rows = await desk.database.dataSource.query<Array<{ token_name: string }>>(
      `SELECT token_name FROM oms_idempotency_keys WHERE idempotency_key = $1`,
      [key],
    );
    return rows[0].token_name;
  }

  async function untilAtVenue(clientOrderId: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((await copiesAtVenue(clientOrderId)) === 0) {
      if (Date.now() > deadline) throw new Error(`${clientOrderId} never reached the venue`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * The desk order at `price` once its intent is recorded. Any status: the venue's stream
   * report of the hung order may already have been folded (NEW) when the list is read.
   */
  async function waitForIntent(price: string): Promise<DeskJson> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const list = await desk.call('GET', '/v1/orders?account=demo&origin=desk');
      const found = (list.body.items ?? []).find((order: DeskJson) => order.price === price);
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no intent at ${price}`);
  }
});
