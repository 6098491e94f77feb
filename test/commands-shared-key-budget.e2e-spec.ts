import { ExchangeClient, parseExchangeAccounts } from '@oms/exchange';
import { CommandStack, DeskJson, startCommandStack } from './commands-support/command-stack';
import { total } from './commands-support/prometheus-text';

const isCertain = (order: { status: string }) =>
  order.status !== 'UNCERTAIN' && order.status !== 'PENDING_SUBMIT';

const ORDERS_PER_OMS = 5;

/**
 * Two OMS processes on one venue key (scale-out, or a takeover overlapping the old
 * process), each resolving uncertain orders as fast as its budget lets it, at the
 * seeds' 5 query weight per second, and neither told how many send with the key. Each
 * counts the other through Postgres and keeps its half of the key's budget, so the
 * venue never answers a 429, which would suspend the key and every desk order with
 * it for a minute.
 */
describe('two OMS processes on one venue key (e2e)', () => {
  let desk: CommandStack;

  beforeAll(async () => {
    // A window long enough for the first orders to be pending still when the second OMS starts.
    desk = await startCommandStack({ OMS_RESOLUTION_WINDOW_MS: '6000' });
  });

  afterAll(async () => {
    await desk?.stop();
  });

  it('resolve many uncertain orders together, each worked on by one of them, and the venue never answers a 429', async () => {
    const placeUncertain = async (omsUrl: string, count: number) => {
      for (let index = 0; index < count; index += 1) {
        const price = String(1000 + ids.length);
        const placed = await desk.call(
          'POST',
          '/v1/spot/orders',
          { account: 'demo', symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.001', price },
          {},
          omsUrl,
        );
        expect(placed.body).toMatchObject({ status: 'UNCERTAIN' });
        ids.push(placed.body.id);
      }
    };
    const ids: string[] = [];
    await desk.fault('http', { mode: 'FAIL_BEFORE', count: 2 * ORDERS_PER_OMS, status: 503 });
    await placeUncertain(desk.omsUrl, ORDERS_PER_OMS);
    // The second process finds the first one's orders in the store as it starts.
    const other = await desk.startAnotherOms();
    try {
      await placeUncertain(other.url, ORDERS_PER_OMS);
      // Every order is looked up until "not found" lasts the window. Both processes find
      // every order in the shared store. A 429 would suspend the key for a minute.
      for (const id of ids) expect((await desk.orderUntil(id, isCertain, 40_000)).status).toBe('NOT_PLACED');

      // One process works on each order (the other one only watches it): the lookups the
      // venue answered are exactly those the resolutions recorded. Both OMS run in this
      // process, so the one exposition counts the lookups of both.
      let recordedLookups = 0;
      for (const id of ids) {
        const trail = await desk.call('GET', `/v1/orders/${id}/events`);
        const resolved = trail.body.items.find((event: DeskJson) => event.type === 'OrderSubmissionResolved');
        recordedLookups += resolved.payload.evidence.lookups;
      }
      const exposition = await (await fetch(`${desk.omsUrl}/metrics`)).text();
      expect(total(exposition, 'oms_resolution_lookups_total', { kind: 'submission' })).toBe(recordedLookups);
      expect(total(exposition, 'oms_resolutions_total', { kind: 'submission' })).toBe(ids.length);

      // A key the venue suspended in the last minute answers 429 to any request.
      const [account] = parseExchangeAccounts(desk.stack.appEnvironment.EXCHANGE_ACCOUNTS ?? '');
      const probe = new ExchangeClient({
        baseUrl: desk.stack.appEnvironment.EXCHANGE_REST_URL ?? '',
        credentials: account.credentials,
      });
      try {
        await expect(probe.spot.getOpenOrders()).resolves.toEqual(expect.any(Array));
      } finally {
        await probe.close();
      }
      for (const omsUrl of [desk.omsUrl, other.url]) {
        const placed = await desk.call(
          'POST',
          '/v1/spot/orders',
          {
            account: 'demo',
            symbol: 'BTCUSDT',
            side: 'BUY',
            type: 'LIMIT',
            quantity: '0.001',
            price: '1010',
          },
          {},
          omsUrl,
        );
        expect(placed.body.status).toBe('NEW');
      }
    } finally {
      await other.app.close();
    }
  });
});
