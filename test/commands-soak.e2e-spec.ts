import { CommandStack, DeskJson, startCommandStack } from './commands-support/command-stack';

const ORDERS = 1000;
const WAVE = 50;
/** Per wave, these many of the next create requests meet a fault (30 % uncertain). */
const FAULTS_PER_WAVE = 15;
const FAULT_MODES = ['FAIL_BEFORE', 'FAIL_AFTER', 'HANG_AFTER'] as const;

function orderNumber(index: number): Record<string, unknown> {
  switch (index % 10) {
    case 0:
      return { account: 'demo', symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', amount: '20' };
    case 1:
      return {
        account: 'demo',
        symbol: 'BTCUSDT-PERPETUAL',
        side: 'BUY_OPEN',
        type: 'LIMIT',
        priceType: 'MARKET',
        quantity: '1',
      };
    case 2:
    case 3:
    case 4:
    case 5:
      return {
        account: 'demo',
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '0.002',
        price: String(900 + (index % 50)),
      };
    default:
      return {
        account: 'demo',
        symbol: 'BTCUSDT-PERPETUAL',
        side: 'BUY_OPEN',
        type: 'LIMIT',
        quantity: '1',
        price: String(900 + (index % 50)),
      };
  }
}

const route = (body: Record<string, unknown>) =>
  String(body.symbol).endsWith('-PERPETUAL') ? '/v1/futures/orders' : '/v1/spot/orders';

/**
 * A thousand desk orders (spot and futures, limit and market) while 30 % of the creates
 * meet a venue fault (5XX before or after acceptance, or a hang past the timeout): no
 * order is placed twice, every order ends certain, and the OMS's orders equal the venue's.
 */
describe('desk orders under venue faults (soak, e2e)', () => {
  let desk: CommandStack;

  beforeAll(async () => {
    desk = await startCommandStack({
      VENUE_ORDER_WEIGHT_PER_SECOND: '1000',
      VENUE_QUERY_WEIGHT_PER_SECOND: '1000',
      EXCHANGE_ORDER_WEIGHT_PER_SECOND: '1000',
      EXCHANGE_QUERY_WEIGHT_PER_SECOND: '1000',
    });
  });

  afterAll(async () => {
    await desk?.stop();
  });

  it('places each order at most once, resolves every one and matches the venue', async () => {
    const startedAt = Date.now();
    const placed: Array<{ id: string; clientOrderId: string }> = [];
    for (let start = 0; start < ORDERS; start += WAVE) {
      const mode = FAULT_MODES[(start / WAVE) % FAULT_MODES.length];
      await desk.fault('http', { mode, count: FAULTS_PER_WAVE, status: 503, releaseAfterMs: 2500 });
      const wave = Array.from({ length: Math.min(WAVE, ORDERS - start) }, (_, offset) =>
        orderNumber(start + offset),
      );
      const answers = await Promise.all(wave.map((body) => desk.call('POST', route(body), body)));
      for (const answer of answers) {
        expect(answer.status).toBe(201);
        placed.push({ id: answer.body.id, clientOrderId: answer.body.clientOrderId });
      }
      await desk.clearFaults();
    }
    expect(placed).toHaveLength(ORDERS);
    const placedInMs = Date.now() - startedAt;

    // Every order becomes certain, and the OMS agrees with the venue on each of them.
    const deadline = Date.now() + 45_000;
    let mismatches: string[] = [];
    for (;;) {
      const venue = new Map<string, DeskJson[]>();
      for (const order of await desk.venueOrders()) {
        venue.set(order.clientOrderId, [...(venue.get(order.clientOrderId) ?? []), order]);
      }
      const rows = await desk.database.dataSource.query<DeskJson[]>(
        `SELECT client_order_id, status, executed_qty::text AS executed FROM rm_orders WHERE origin = 'desk' AND account = 'demo'`,
      );
      const oms = new Map(rows.map((row: DeskJson) => [row.client_order_id, row]));
      mismatches = [];
      for (const { clientOrderId } of placed) {
        const copies = venue.get(clientOrderId) ?? [];
        expect(copies.length).toBeLessThanOrEqual(1);
        const row = oms.get(clientOrderId);
        if (row === undefined) mismatches.push(`${clientOrderId}: not in the OMS`);
        else if (copies.length === 0 && row.status !== 'NOT_PLACED')
          mismatches.push(`${clientOrderId}: OMS ${row.status}, venue none`);
        else if (
          copies.length === 1 &&
          (row.status !== copies[0].status || Number(row.executed) !== Number(copies[0].executedQty))
        )
          mismatches.push(
            `${clientOrderId}: OMS ${row.status} ${row.executed}, venue ${copies[0].status} ${copies[0].executedQty}`,
          );
      }
      if (mismatches.length === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(mismatches).toEqual([]);
    process.stdout.write(
      `soak: ${ORDERS} orders placed in ${placedInMs} ms, all certain and matching after ${Date.now() - startedAt} ms\n`,
    );
    // About 95 s on a 2-core machine; the margin is for a loaded one.
  }, 170_000);
});
