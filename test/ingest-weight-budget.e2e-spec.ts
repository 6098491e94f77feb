import { IngestHarness, HarnessAccount } from '../apps/ingest/test-support/ingest-harness';

interface AccountHealth {
  account: string;
  skippedReads: string[];
  pausedUntil: string | null;
  lastPollError: string | null;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ingest on a key it shares with the OMS, at the seeds limits (5 query weight per second)', () => {
  const harness = new IngestHarness(606);
  let desk: HarnessAccount;
  const accountHealth = async (): Promise<AccountHealth> =>
    ((await (await fetch(`${harness.ingestUrl()}/health`)).json()) as { accounts: AccountHealth[] })
      .accounts[0];

  const pollWeight = async (): Promise<number> => {
    const text = await (await fetch(`${harness.ingestUrl()}/metrics`)).text();
    const line = text
      .split('\n')
      .find((row) => row.startsWith('ingest_poll_weight_total{account="desk-shared"}'));
    return Number(line?.split(' ')[1] ?? 0);
  };

  beforeAll(async () => {
    await harness.start(undefined, {
      VENUE_QUERY_WEIGHT_PER_SECOND: '5',
      VENUE_ORDER_WEIGHT_PER_SECOND: '20',
    });
    desk = await harness.addAccount('desk-shared');
    // Polls as often as ingest can: only its budget holds it back.
    await harness.startIngest({
      EXCHANGE_QUERY_WEIGHT_PER_SECOND: '5',
      INGEST_POLL_INTERVAL_MS: '200',
      INGEST_POLL_INTERVAL_SILENT_MS: '200',
    });
  });

  afterAll(() => harness.close());

  it('the OMS using the other three quarters never meets a 429: ingest keeps to its quarter', async () => {
    const statuses: number[] = [];
    const started = Date.now();
    while (Date.now() - started < 6_000) {
      // 3 weight-1 reads a second: at most 4 in one venue window, plus at most 1 of ingest.
      statuses.push((await desk.trader.signed('GET', '/api/v1/spot/openOrders')).status);
      await sleep(333);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const health = await accountHealth();
    expect(health.lastPollError ?? '').not.toMatch(/rate|429/i);
    // The weight-5 reads cannot fit in a quarter of 5: skipped and reported, never sent.
    expect(health.skippedReads).toEqual(
      expect.arrayContaining(['GET /api/v1/account/trades', 'GET /api/v1/spot/tradeOrders']),
    );
  });

  it('after a 429 ingest pauses its polls for the minute the seeds ask and sends nothing meanwhile', async () => {
    await harness.control.ok('POST', '/faults/rate-limit', { count: 1, apiKey: desk.apiKey });
    let health = await accountHealth();
    const started = Date.now();
    while (health.pausedUntil === null && Date.now() - started < 5_000) {
      await sleep(100);
      health = await accountHealth();
    }
    expect(Date.parse(health.pausedUntil ?? '')).toBeGreaterThan(Date.now() + 50_000);
    // Polling every 200 ms, ingest would spend weight every second; paused, it sends nothing.
    const spent = await pollWeight();
    await sleep(3_000);
    expect(await pollWeight()).toBe(spent);
  });
});
