import { ExchangeClient, parseExchangeAccounts } from '@oms/exchange';
import { CommandStack, startCommandStack } from './commands-support/command-stack';

const isCertain = (order: { status: string }) =>
  order.status !== 'UNCERTAIN' && order.status !== 'PENDING_SUBMIT';

const ORDERS_PER_OMS = 5;

/**
 * Two OMS processes on one venue key (scale-out, or a takeover overlapping the old
 * process), each resolving uncertain orders as fast as its budget lets it, at the
 * seeds' 5 query weight per second. Each keeps its half of the key's budget, so the
 * venue never answers a 429, which would suspend the key and every desk order with
 * it for a minute.
 */
describe('two OMS processes on one venue key (e2e)', () => {
  let desk: CommandStack;

  beforeAll(async () => {
    desk = await startCommandStack({ EXCHANGE_OMS_PROCESSES_PER_KEY: '2' });
  });

  afterAll(async () => {
    await desk?.stop();
  });

  it('resolve many uncertain orders together without the venue ever answering a 429', async () => {
    const other = await desk.startAnotherOms();
    try {
      await desk.fault('http', { mode: 'FAIL_BEFORE', count: 2 * ORDERS_PER_OMS, status: 503 });
      const ids: string[] = [];
      for (let index = 0; index < ORDERS_PER_OMS; index += 1) {
        for (const omsUrl of [desk.omsUrl, other.url]) {
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
      }
      // Every order is looked up until "not found" lasts the window, by both processes at
      // once (each rescans the shared store). A 429 would suspend the key for a minute.
      for (const id of ids) expect((await desk.orderUntil(id, isCertain, 40_000)).status).toBe('NOT_PLACED');

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
          { account: 'demo', symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.001', price: '1010' },
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
