/**
 * A desk's traffic through the desk REST API, at set rates: spot orders on the account
 * `demo` (most rest below the market and are cancelled a moment later; every fourth
 * crosses the spread and fills against the simulated market, buying and selling in turn),
 * and queries (order lists, one order, fills, balances, positions) as desk screens poll them.
 */
import Decimal from 'decimal.js';
import { DeskClient, DeskRequestError } from '../../../scripts/demo/desk-client';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DeskLoadResult {
  readonly placed: number;
  readonly cancelled: number;
  /** Desk requests answered 4XX/5XX or not at all (refusals included), by reason. */
  readonly errors: ReadonlyMap<string, number>;
  readonly queries: number;
  readonly queryMs: readonly number[];
  readonly seconds: number;
}

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}

export function describeDeskLoad(result: DeskLoadResult): string {
  const errors = [...result.errors].map(([reason, count]) => `${count} ${reason}`).join(', ');
  return (
    `desk: ${result.placed} orders placed, ${result.cancelled} cancelled, ` +
    `${result.queries} queries (${(result.queries / result.seconds).toFixed(0)}/s, ` +
    `p50 ${percentile(result.queryMs, 0.5).toFixed(0)} ms, p99 ${percentile(result.queryMs, 0.99).toFixed(0)} ms)` +
    (errors ? `, errors: ${errors}` : '')
  );
}

export class DeskLoad {
  private readonly desk: DeskClient;
  private readonly orderIds: string[] = [];
  private crossings = 0;

  constructor(
    omsUrl: string,
    token: string,
    private readonly venueRestUrl: string,
  ) {
    this.desk = new DeskClient(omsUrl, token);
  }

  private async bookTicker(): Promise<{ bid: Decimal; ask: Decimal }> {
    const response = await fetch(`${this.venueRestUrl}/quote/v1/ticker/bookTicker?symbol=BTCUSDT`);
    const [ticker] = (await response.json()) as Array<{ b: string; a: string }>;
    if (!ticker?.b || !ticker.a) throw new Error('the venue shows no bid and ask for BTCUSDT');
    return { bid: new Decimal(ticker.b), ask: new Decimal(ticker.a) };
  }

  /** Runs `ordersPerSecond` placements (each resting one cancelled by the next) and `queriesPerSecond` queries. */
  async run(seconds: number, ordersPerSecond: number, queriesPerSecond: number): Promise<DeskLoadResult> {
    const errors = new Map<string, number>();
    const failed = (error: unknown) => {
      const reason =
        error instanceof DeskRequestError
          ? `HTTP ${error.status} ${(error.body as { error?: { code?: string } })?.error?.code ?? ''}`.trim()
          : String((error as Error).name ?? error);
      errors.set(reason, (errors.get(reason) ?? 0) + 1);
    };
    const started = Date.now();
    const until = started + seconds * 1000;
    let placed = 0;
    let cancelled = 0;
    const queryMs: number[] = [];

    const orders = async () => {
      let resting: string | undefined;
      for (let index = 0; Date.now() < until; index += 1) {
        const next = started + ((index + 1) * 1000) / ordersPerSecond;
        try {
          const { bid, ask } = await this.bookTicker();
          const crossing = index % 4 === 3;
          const side = crossing && this.crossings++ % 2 === 1 ? 'SELL' : 'BUY';
          const order = await this.desk.post<{ id: string }>('/v1/spot/orders', {
            account: 'demo',
            symbol: 'BTCUSDT',
            side,
            type: 'LIMIT',
            quantity: crossing ? '0.001' : '0.01',
            price: crossing
              ? (side === 'BUY' ? ask.mul(1.005).ceil() : bid.mul(0.995).floor()).toFixed()
              : bid.mul(0.9).floor().toFixed(),
            timeInForce: crossing ? 'IOC' : 'GTC',
          });
          placed += 1;
          this.orderIds.push(order.id);
          if (resting) {
            await this.desk.request('DELETE', `/v1/orders/${resting}`);
            cancelled += 1;
          }
          resting = crossing ? undefined : order.id;
        } catch (error) {
          failed(error);
        }
        await sleep(Math.max(0, next - Date.now()));
      }
      if (resting)
        await this.desk.request('DELETE', `/v1/orders/${resting}`).then(() => (cancelled += 1), failed);
    };

    const queries = async () => {
      const paths = [
        () => '/v1/orders?limit=100',
        () => '/v1/orders?account=demo&symbol=BTCUSDT&status=NEW&limit=50',
        () => `/v1/orders/${this.orderIds[this.orderIds.length - 1] ?? 'none'}`,
        () => '/v1/fills?limit=100',
        () => '/v1/balances',
        () => '/v1/positions',
      ];
      const inFlight = new Set<Promise<void>>();
      for (let index = 0; Date.now() < until; index += 1) {
        const next = started + ((index + 1) * 1000) / queriesPerSecond;
        // Open loop, but at most 8 queries in flight: a desk screen does not pile up requests.
        if (inFlight.size < 8) {
          const path = paths[index % paths.length]();
          const sent = performance.now();
          const query: Promise<void> = this.desk
            .get(path)
            .then(
              () => void queryMs.push(performance.now() - sent),
              (error: unknown) => (path.endsWith('/none') ? undefined : failed(error)),
            )
            .finally(() => inFlight.delete(query));
          inFlight.add(query);
        }
        await sleep(Math.max(0, next - Date.now()));
      }
      await Promise.all(inFlight);
    };

    await Promise.all([orders(), queries()]);
    return {
      placed,
      cancelled,
      errors,
      queries: queryMs.length,
      queryMs,
      seconds: (Date.now() - started) / 1000,
    };
  }
}
