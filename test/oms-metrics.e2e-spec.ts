import { CommandStack, startCommandStack } from './commands-support/command-stack';

/** Reads one sample of a Prometheus text exposition (0 when the series is absent). */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of exposition.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
}

async function scrape(url: string): Promise<{ status: number; contentType: string; text: string }> {
  // No Authorization header: desk-api.md serves /metrics without a token.
  const response = await fetch(`${url}/metrics`);
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/**
 * `GET /metrics` of the OMS: Prometheus text without a token, the desk command metrics
 * moving with the orders placed and refused, Node process metrics beside them, in a
 * process that also hosts ingest (local stack) and a second OMS.
 */
describe('OMS metrics endpoint (e2e)', () => {
  let desk: CommandStack;

  beforeAll(async () => {
    desk = await startCommandStack();
  });

  afterAll(async () => {
    await desk?.stop();
  });

  it('serves Prometheus text without a token, with process metrics and the command metrics', async () => {
    const { status, contentType, text } = await scrape(desk.omsUrl);
    expect(status).toBe(200);
    expect(contentType).toContain('text/plain');
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    for (const name of [
      'oms_desk_orders_total',
      'oms_orders_uncertain',
      'oms_time_to_certainty_seconds',
      'oms_resolutions_total',
      'oms_pre_trade_refusals_total',
    ])
      expect(text).toContain(`# TYPE ${name} `);
  });

  it('counts a placed desk order by market and status, and a pre-trade refusal by rule', async () => {
    const before = (await scrape(desk.omsUrl)).text;
    const order = {
      account: 'demo',
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.001',
      price: '1000',
    };
    const placed = await desk.call('POST', '/v1/spot/orders', order);
    expect(placed.status).toBe(201);
    expect(placed.body.status).toBe('NEW');
    const refused = await desk.call('POST', '/v1/spot/orders', { ...order, price: '1000.001' });
    expect(refused.body.error).toMatchObject({ rule: 'PRICE_TICK' });

    const after = (await scrape(desk.omsUrl)).text;
    const placedSeries = { market: 'spot', status: 'NEW' };
    expect(sample(after, 'oms_desk_orders_total', placedSeries)).toBe(
      sample(before, 'oms_desk_orders_total', placedSeries) + 1,
    );
    expect(sample(after, 'oms_pre_trade_refusals_total', { rule: 'PRICE_TICK' })).toBe(
      sample(before, 'oms_pre_trade_refusals_total', { rule: 'PRICE_TICK' }) + 1,
    );
  });

  it('ignores a bad token on /metrics rather than refusing the scrape', async () => {
    const response = await fetch(`${desk.omsUrl}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(response.status).toBe(200);
  });

  it('serves ingest and a second OMS started in the same process, each without "already registered"', async () => {
    const ingest = await scrape(desk.stack.ingestUrl);
    expect(ingest.status).toBe(200);
    expect(ingest.text).toContain('ingest_');

    const second = await desk.startAnotherOms();
    const { status, text } = await scrape(second.url);
    expect(status).toBe(200);
    // One registry per process: the second OMS shows the counts the first one made.
    expect(sample(text, 'oms_desk_orders_total', { market: 'spot', status: 'NEW' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(text.match(/^# TYPE process_cpu_user_seconds_total /gm)).toHaveLength(1);
  });
});
