import { CommandStack, startCommandStack } from './commands-support/command-stack';
import { sample, total } from './commands-support/prometheus-text';

async function scrape(url: string): Promise<{ status: number; contentType: string; text: string }> {
  // No Authorization header: desk-api.md serves /metrics without a token.
  const response = await fetch(`${url}/metrics`);
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** This process's part of the demo account key's budgets, as exposed. */
function demoKeyBudget(text: string): { query: number; order: number } {
  const part = (category: string) =>
    sample(text, 'oms_venue_key_budget_weight_per_second', { account: 'demo', category });
  return { query: part('query'), order: part('order') };
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
      'oms_resolution_lookups_total',
      'oms_desk_order_step_seconds',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    // One OMS process on the demo key (ingest polls with a read-only key of its own):
    // it keeps the seeds' whole 5 query and 20 order weight per second.
    expect(demoKeyBudget(text)).toEqual({ query: 5, order: 20 });
  });

  it('counts a placed desk order by market and status, a pre-trade refusal by rule, and times each step of the placement', async () => {
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
    // Each step of the placed order is timed once; the refused one stopped at its pre-trade step.
    const stepCount = (text: string, step: string) =>
      sample(text, 'oms_desk_order_step_seconds_count', { market: 'spot', step });
    for (const step of ['intent', 'venue', 'outcome', 'answer'])
      expect({ step, count: stepCount(after, step) }).toEqual({ step, count: stepCount(before, step) + 1 });
    expect(stepCount(after, 'pre-trade')).toBe(stepCount(before, 'pre-trade') + 2);
    expect(
      sample(after, 'oms_desk_order_step_seconds_sum', { market: 'spot', step: 'venue' }),
    ).toBeGreaterThan(sample(before, 'oms_desk_order_step_seconds_sum', { market: 'spot', step: 'venue' }));
  });

  it('counts an uncertain submission, its resolution by evidence and its time to certainty', async () => {
    const before = (await scrape(desk.omsUrl)).text;
    const submission = { kind: 'submission' };
    await desk.fault('http', { mode: 'FAIL_AFTER', count: 1 });
    try {
      const placed = await desk.call('POST', '/v1/spot/orders', {
        account: 'demo',
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '0.001',
        price: '1001',
      });
      expect(placed.body).toMatchObject({ status: 'UNCERTAIN' });
      await desk.orderUntil(placed.body.id, (order) => order.status !== 'UNCERTAIN');
    } finally {
      await desk.clearFaults();
    }
    const uncertainSeries = { market: 'spot', status: 'UNCERTAIN' };
    const deadline = Date.now() + 10_000;
    let after = (await scrape(desk.omsUrl)).text;
    while (
      total(after, 'oms_resolutions_total', submission) ===
        total(before, 'oms_resolutions_total', submission) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = (await scrape(desk.omsUrl)).text;
    }
    expect(sample(after, 'oms_desk_orders_total', uncertainSeries)).toBe(
      sample(before, 'oms_desk_orders_total', uncertainSeries) + 1,
    );
    expect(total(after, 'oms_resolutions_total', submission)).toBe(
      total(before, 'oms_resolutions_total', submission) + 1,
    );
    expect(total(after, 'oms_time_to_certainty_seconds_count', submission)).toBe(
      total(before, 'oms_time_to_certainty_seconds_count', submission) + 1,
    );
    expect(sample(after, 'oms_orders_uncertain', submission)).toBe(0);
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
    // Two OMS processes on the demo key now, each counting the other: each keeps half.
    expect(demoKeyBudget(text)).toEqual({ query: 2, order: 10 });
  });
});
