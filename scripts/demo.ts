/**
 * `npm run demo` (with `npm start` running): places a few spot and futures orders on the
 * account `demo` through the desk API, one of them while the simulated venue executes
 * the order and then answers 5XX (the uncertain case), waits for each order to become
 * certain, and prints the orders, fills, positions and P&L as tables, with each order's
 * time to certainty. Settings: OMS_URL, DESK_TOKEN, EXCHANGE_REST_URL, VENUE_CONTROL_URL
 * (defaults: the ports of `npm start`, the token in .data/).
 */
import Decimal from 'decimal.js';
import { join } from 'node:path';
import { DeskClient, DeskRequestError, waitUntilHealthy } from './demo/desk-client';
import { DemoSettings, demoSettings } from './demo/demo-settings';
import { DeskOrder, waitForCertainty } from './demo/order-certainty';
import { objectTable, textTable } from './demo/text-table';

interface PlacedOrder {
  readonly label: string;
  readonly order: DeskOrder;
  readonly msToCertainty: number;
  readonly wasUncertain: boolean;
}

interface RefusedOrder {
  readonly label: string;
  readonly refusal: string;
}

let settings: DemoSettings;
let desk: DeskClient;
const print = (text: string) => process.stdout.write(`${text}\n`);

async function bookTicker(symbol: string): Promise<{ bid: Decimal; ask: Decimal }> {
  const response = await fetch(`${settings.exchangeUrl}/quote/v1/ticker/bookTicker?symbol=${symbol}`);
  const [ticker] = (await response.json()) as Array<{ b: string; a: string }>;
  if (!ticker?.b || !ticker.a) throw new Error(`the venue shows no bid and ask for ${symbol}`);
  return { bid: new Decimal(ticker.b), ask: new Decimal(ticker.a) };
}

async function control(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${settings.venueControlUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`venue control ${method} ${path}: HTTP ${response.status}`);
}

async function place(
  label: string,
  path: string,
  body: Record<string, unknown>,
): Promise<PlacedOrder | RefusedOrder> {
  const sentAt = Date.now();
  let placed: DeskOrder;
  try {
    placed = await desk.post<DeskOrder>(path, { account: settings.account, ...body });
  } catch (error) {
    if (!(error instanceof DeskRequestError)) throw error;
    print(`${label}: refused, ${error.message}`);
    const code = (error.body as { error?: { code?: string } } | undefined)?.error?.code;
    return { label, refusal: code ?? `HTTP ${error.status}` };
  }
  const certain = await waitForCertainty(desk, placed, sentAt);
  print(
    `${label}: ${placed.status} -> ${certain.order.status} in ${certain.msToCertainty} ms` +
      (certain.wasUncertain ? ' (was uncertain)' : ''),
  );
  return { label, ...certain };
}

/**
 * The fills of an order once the OMS has folded all of them (their quantities add up to
 * the order's executed quantity); venue reports reach the desk a moment after the answer.
 */
async function fillsOf(order: DeskOrder): Promise<Record<string, unknown>[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const current = await desk.get<DeskOrder>(`/v1/orders/${order.id}`);
    const fills = await desk.all<Record<string, unknown>>(`/v1/fills?omsOrderId=${order.id}`);
    const filled = fills.reduce((sum, fill) => sum.plus(String(fill.qty)), new Decimal(0));
    if (filled.eq(current.executedQty) || Date.now() > deadline) return fills;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(): Promise<void> {
  settings = demoSettings(process.env, join(__dirname, '..'));
  desk = new DeskClient(settings.omsUrl, settings.token);
  await waitUntilHealthy(`${settings.omsUrl}/health`, 30_000);
  print(`Desk API ${settings.omsUrl}, account ${settings.account}\n`);
  const spot = await bookTicker('BTCUSDT');
  const futures = await bookTicker('BTCUSDT-PERPETUAL');
  const runId = Date.now().toString(36);
  const orders: Array<PlacedOrder | RefusedOrder> = [];

  orders.push(
    await place('spot limit buy, resting', '/v1/spot/orders', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: spot.bid.mul(0.9).floor().toFixed(),
      timeInForce: 'GTC',
      clientOrderId: `demo-${runId}-1`,
    }),
  );
  orders.push(
    await place('spot limit buy, crossing', '/v1/spot/orders', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.02',
      price: spot.ask.mul(1.005).ceil().toFixed(),
      timeInForce: 'IOC',
      clientOrderId: `demo-${runId}-2`,
    }),
  );
  orders.push(
    await place('futures buy to open', '/v1/futures/orders', {
      symbol: 'BTCUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      type: 'LIMIT',
      priceType: 'INPUT',
      quantity: '10',
      price: futures.ask.mul(1.005).ceil().toFixed(),
      timeInForce: 'IOC',
      clientOrderId: `demo-${runId}-3`,
    }),
  );
  // The venue executes the next order request, then answers 503: the OMS cannot know
  // whether the order exists until it looks it up.
  await control('POST', '/faults/http', { mode: 'FAIL_AFTER', count: 1, status: 503 });
  try {
    orders.push(
      await place('futures sell to close, under a 5XX-after-execution fault', '/v1/futures/orders', {
        symbol: 'BTCUSDT-PERPETUAL',
        side: 'SELL_CLOSE',
        type: 'LIMIT',
        priceType: 'INPUT',
        quantity: '5',
        price: futures.bid.mul(0.995).floor().toFixed(),
        timeInForce: 'IOC',
        clientOrderId: `demo-${runId}-4`,
      }),
    );
  } finally {
    await control('DELETE', '/faults');
  }

  print('');
  print(
    textTable(
      'Orders',
      ['placed as', 'id', 'symbol', 'side', 'type', 'status', 'executed', 'avg price', 'certain after'],
      orders.map((entry) =>
        'refusal' in entry
          ? [entry.label, '-', '-', '-', '-', `refused: ${entry.refusal}`, '-', '-', '-']
          : [
              entry.label,
              entry.order.id.slice(0, 8),
              entry.order.symbol,
              entry.order.side,
              entry.order.type,
              entry.order.status,
              entry.order.executedQty,
              entry.order.avgPrice,
              `${entry.msToCertainty} ms${entry.wasUncertain ? ' (uncertain first)' : ''}`,
            ],
      ),
    ),
  );
  const fills = (
    await Promise.all(orders.flatMap((entry) => ('order' in entry ? [fillsOf(entry.order)] : [])))
  ).flat();
  print(
    objectTable('Fills of these orders', fills, [
      'fillId',
      'symbol',
      'side',
      'price',
      'qty',
      'fee',
      'feeAsset',
      'isMaker',
      'sources',
    ]),
  );
  const positions = await desk.get<{ items: Record<string, unknown>[] }>(
    `/v1/positions?account=${settings.account}`,
  );
  print(
    objectTable('Positions', positions.items, [
      'symbol',
      'side',
      'contracts',
      'avgPrice',
      'realizedPnl',
      'unrealizedPnl',
      'mark',
      'venue.contracts',
      'break.kind',
    ]),
  );
  const from = new Date(new Date().setUTCHours(0, 0, 0, 0)).toISOString();
  const problems = orders.flatMap((entry) =>
    'refusal' in entry ? [`${entry.label} refused (${entry.refusal})`] : [],
  );
  try {
    const pnl = await desk.get<{ rows?: Record<string, unknown>[]; totals?: Record<string, unknown> }>(
      `/v1/reports/pnl?account=${settings.account}&from=${from}&to=${new Date().toISOString()}&method=average-cost&groupBy=symbol`,
    );
    print(objectTable('P&L today by symbol (average cost, USDT)', pnl.rows ?? []));
    print(objectTable('P&L today, totals (USDT)', pnl.totals ? [pnl.totals] : []));
  } catch (error) {
    if (!(error instanceof DeskRequestError)) throw error;
    print(`P&L today: unavailable, ${error.message}\n`);
    problems.push('P&L report unavailable');
  }
  if (problems.length > 0) {
    process.stderr.write(`demo incomplete: ${problems.join('; ')}\n`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`demo failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
