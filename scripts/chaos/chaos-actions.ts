/**
 * The random things the fault suite does: desk orders and cancels through the desk API,
 * external orders straight at the venue with another key of the same user, and faults.
 */
import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import { ExchangeClient, VenueRejectionError, WriteOutcome } from '@oms/exchange';
import { settledWithin } from '@oms/platform';
import { DeskClient, DeskRequestError } from '../demo/desk-client';
import { DeskOrder, isCertain } from '../demo/order-certainty';
import { ChaosStats, FaultKind } from './chaos-stats';
import { ChaosWorld } from './chaos-world';
import { SeededRandom } from './seeded-random';

const SPOT = 'BTCUSDT';
const FUTURES = 'BTCUSDT-PERPETUAL';

export class ChaosActions {
  private readonly desk: DeskClient;
  /** One desk client per OMS process; desk requests go to one of them at random. */
  private readonly desks: readonly DeskClient[];
  private readonly external: ExchangeClient;
  private readonly openDeskOrders = new Set<string>();
  private readonly trackers: Promise<void>[] = [];
  private externalSequence = 0;

  constructor(
    private readonly world: ChaosWorld,
    private readonly random: SeededRandom,
    readonly stats: ChaosStats,
  ) {
    this.desk = new DeskClient(world.omsUrl, world.deskToken);
    this.desks = world.omsUrls.map((url) => new DeskClient(url, world.deskToken));
    this.external = new ExchangeClient({
      baseUrl: world.venue.restUrl,
      credentials: { kind: 'hmac', apiKey: world.externalKey.apiKey, secretKey: world.externalKey.secretKey },
    });
  }

  /** One random trading action (its outcome is counted, never thrown). */
  trade(): Promise<void> {
    const action = this.random.weighted({
      deskSpot: 4,
      deskFutures: 4,
      deskCancel: 2,
      externalSpot: 1,
      externalFutures: 1,
    });
    const run = {
      deskSpot: () => this.deskSpotOrder(),
      deskFutures: () => this.deskFuturesOrder(),
      deskCancel: () => this.deskCancel(),
      externalSpot: () => this.externalSpotOrder(),
      externalFutures: () => this.externalFuturesOrder(),
    }[action];
    return run().catch(() => undefined);
  }

  /** One random fault. Process faults are awaited: the next action finds the part back. */
  async fault(): Promise<void> {
    const kind = this.random.weighted<FaultKind>({
      'http 5XX before execution': 3,
      'http 5XX after execution': 3,
      'http hang after execution': 2,
      'stream drop': 2,
      'stream duplicate': 2,
      'stream reorder': 2,
      'stream close': 2,
      'forced 429': 1,
      'broker restart': 1,
      'OMS SIGKILL + restart': 1,
      'OMS SIGKILL during a desk order + restart': 1,
      'ingest SIGKILL + restart': 1,
    });
    this.stats.countFault(kind);
    const count = this.random.int(1, 2);
    switch (kind) {
      case 'http 5XX before execution':
        return this.control('/faults/http', {
          mode: 'FAIL_BEFORE',
          count,
          status: this.random.pick([500, 502, 503]),
        });
      case 'http 5XX after execution':
        return this.control('/faults/http', {
          mode: 'FAIL_AFTER',
          count,
          status: this.random.pick([500, 503]),
        });
      case 'http hang after execution':
        return this.control('/faults/http', {
          mode: 'HANG_AFTER',
          count: 1,
          releaseAfterMs: this.random.int(1_000, 12_000),
        });
      case 'stream drop':
        return this.control('/faults/stream', { mode: 'DROP', count: this.random.int(1, 3) });
      case 'stream duplicate':
        return this.control('/faults/stream', { mode: 'DUPLICATE', count: this.random.int(1, 3) });
      case 'stream reorder':
        return this.control('/faults/stream', { mode: 'REORDER', count: this.random.int(1, 3) });
      case 'stream close':
        return this.control('/faults/stream/close', {});
      case 'forced 429':
        return this.control('/faults/rate-limit', { count, apiKey: this.world.venue.demo.apiKey });
      case 'broker restart':
        return this.world.restartBroker();
      case 'OMS SIGKILL + restart': {
        const oms = this.oneOf(this.world.omsProcesses);
        await oms.kill();
        return oms.start();
      }
      case 'OMS SIGKILL during a desk order + restart': {
        // The venue takes the order and holds its answer; the OMS that sent it dies, and the
        // desk repeats the request with its key (placeAtDesk) until an OMS answers it.
        const index = this.desks.length === 1 ? 0 : this.random.int(0, this.desks.length - 1);
        const oms = this.world.omsProcesses[index];
        await this.control('/faults/http', { mode: 'HANG_AFTER', count: 1, releaseAfterMs: 5_000 });
        const placing = this.deskSpotOrder(this.desks[index]);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await oms.kill();
        await placing;
        return oms.start();
      }
      case 'ingest SIGKILL + restart':
        await this.world.ingest.kill();
        return this.world.ingest.start();
    }
  }

  /** With one OMS process, takes no random choice, so that a seed replays as before. */
  private oneOf<T>(items: readonly T[]): T {
    return items.length === 1 ? items[0] : this.random.pick(items);
  }

  async clearFaults(): Promise<void> {
    await fetch(`${this.world.venue.controlUrl}/faults`, { method: 'DELETE' });
  }

  /** Waits (at most `timeoutMs`) for every uncertain desk order to be tracked to certainty. */
  async settleTrackers(timeoutMs: number): Promise<void> {
    await settledWithin(Promise.all(this.trackers), timeoutMs);
  }

  private async control(path: string, body: unknown): Promise<void> {
    await fetch(`${this.world.venue.controlUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  private async book(symbol: string): Promise<{ bid: Decimal; ask: Decimal }> {
    const response = await fetch(`${this.world.venue.restUrl}/quote/v1/ticker/bookTicker?symbol=${symbol}`);
    const [ticker] = (await response.json()) as Array<{ b: string; a: string }>;
    return { bid: new Decimal(ticker.b || '60000'), ask: new Decimal(ticker.a || '70000') };
  }

  /** A crossing IOC price, or a resting GTC one a few percent away from the book. */
  private async priced(
    symbol: string,
    buying: boolean,
  ): Promise<{ price: string; timeInForce: 'GTC' | 'IOC' }> {
    const { bid, ask } = await this.book(symbol);
    if (this.random.next() < 0.5)
      return { price: (buying ? ask.ceil() : bid.floor()).toFixed(), timeInForce: 'IOC' };
    const away = 1 + this.random.int(1, 4) / 100;
    return { price: (buying ? bid.div(away).floor() : ask.mul(away).ceil()).toFixed(), timeInForce: 'GTC' };
  }

  /** A spot order at the desk: through `desk`, or one of the OMS processes at random. */
  private async deskSpotOrder(desk?: DeskClient): Promise<void> {
    const side = this.random.pick(['BUY', 'SELL'] as const);
    const priced = await this.priced(SPOT, side === 'BUY');
    const quantity = new Decimal(this.random.int(1, 5)).div(1000).toFixed();
    const body = { symbol: SPOT, side, type: 'LIMIT', quantity, ...priced };
    await this.placeAtDesk('/v1/spot/orders', body, desk);
  }

  private async deskFuturesOrder(): Promise<void> {
    const side = this.random.pick(['BUY_OPEN', 'SELL_OPEN', 'BUY_CLOSE', 'SELL_CLOSE'] as const);
    const priced = await this.priced(FUTURES, side.startsWith('BUY'));
    const quantity = String(this.random.int(1, 5));
    await this.placeAtDesk('/v1/futures/orders', {
      symbol: FUTURES,
      side,
      type: 'LIMIT',
      priceType: 'INPUT',
      quantity,
      ...priced,
    });
  }

  private async placeAtDesk(
    path: string,
    body: Record<string, unknown>,
    desk: DeskClient = this.oneOf(this.desks),
  ): Promise<void> {
    const sentAt = Date.now();
    const key = randomUUID();
    // The key is the request's correlation id too, so every intent it leads to carries it
    // (the check "one order per desk request" groups intents by it).
    const headers = { 'idempotency-key': key, 'x-correlation-id': key };
    if ((await this.sendPlacement(desk, path, body, headers, sentAt)) === 'answered') return;
    this.stats.deskUnanswered += 1;
    this.trackers.push(this.repeatUntilAnswered(path, body, headers, sentAt));
  }

  /**
   * A desk repeats a placement left without an answer (its OMS was killed, or it timed out)
   * with the same key, once a second, round the OMS processes, until it is answered.
   */
  private async repeatUntilAnswered(
    path: string,
    body: Record<string, unknown>,
    headers: Record<string, string>,
    sentAt: number,
  ): Promise<void> {
    for (let attempt = 0; attempt < 120; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const desk = this.desks[attempt % this.desks.length];
      if ((await this.sendPlacement(desk, path, body, headers, sentAt)) === 'answered') {
        this.stats.deskRepeatsAnswered += 1;
        return;
      }
    }
  }

  private async sendPlacement(
    desk: DeskClient,
    path: string,
    body: Record<string, unknown>,
    headers: Record<string, string>,
    sentAt: number,
  ): Promise<'answered' | 'unanswered'> {
    try {
      const order = await desk.request<DeskOrder>('POST', path, { account: 'demo', ...body }, headers);
      this.stats.deskPlaced += 1;
      if (!isCertain(order)) this.track(order, sentAt);
      else if (order.status === 'NEW' || order.status === 'PARTIALLY_FILLED')
        this.openDeskOrders.add(order.id);
      return 'answered';
    } catch (error) {
      if (!(error instanceof DeskRequestError) || error.status >= 500) return 'unanswered';
      const code =
        (error.body as { error?: { code?: string } } | undefined)?.error?.code ?? `HTTP ${error.status}`;
      // The key is still held by an attempt in flight (or one not yet known to be dead).
      if (code === 'CONFLICT') return 'unanswered';
      this.stats.countRefusal(code);
      return 'answered';
    }
  }

  private track(order: DeskOrder, sentAt: number): void {
    this.stats.uncertain.set(order.id, null);
    this.trackers.push(
      (async () => {
        for (let attempt = 0; attempt < 2_400; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          try {
            const current = await this.desk.get<DeskOrder>(`/v1/orders/${order.id}`);
            if (isCertain(current)) {
              this.stats.uncertain.set(order.id, Date.now() - sentAt);
              if (current.status === 'NEW' || current.status === 'PARTIALLY_FILLED')
                this.openDeskOrders.add(current.id);
              return;
            }
          } catch {
            // the OMS may be down for a moment: keep asking
          }
        }
      })(),
    );
  }

  private async deskCancel(): Promise<void> {
    const open = [...this.openDeskOrders];
    if (open.length === 0) return;
    const id = this.random.pick(open);
    this.openDeskOrders.delete(id);
    if ((await this.sendCancel(this.oneOf(this.desks), id)) === 'answered') return;
    this.stats.deskCancelsUnanswered += 1;
    this.trackers.push(this.repeatCancelUntilAnswered(id));
  }

  /**
   * A desk repeats a cancel left without an answer (its OMS was killed, or it timed out),
   * once a second, round the OMS processes, until it is answered: accepted again, or
   * refused because the order is no longer open.
   */
  private async repeatCancelUntilAnswered(id: string): Promise<void> {
    for (let attempt = 0; attempt < 120; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if ((await this.sendCancel(this.desks[attempt % this.desks.length], id)) === 'answered') {
        this.stats.deskCancelRepeatsAnswered += 1;
        return;
      }
    }
  }

  private async sendCancel(desk: DeskClient, id: string): Promise<'answered' | 'unanswered'> {
    try {
      await desk.request('DELETE', `/v1/orders/${id}`);
      this.stats.deskCancels += 1;
      return 'answered';
    } catch (error) {
      if (!(error instanceof DeskRequestError) || error.status >= 500) return 'unanswered';
      this.stats.countRefusal(`cancel ${String((error.body as { error?: { code?: string } })?.error?.code)}`);
      return 'answered';
    }
  }

  private async externalSpotOrder(): Promise<void> {
    const side = this.random.pick(['BUY', 'SELL'] as const);
    const priced = await this.priced(SPOT, side === 'BUY');
    const outcome = await this.external.spot.placeOrder({
      symbol: SPOT,
      side,
      type: 'LIMIT',
      quantity: new Decimal(this.random.int(1, 5)).div(1000).toFixed(),
      ...priced,
      newClientOrderId: `ext-${Date.now().toString(36)}-${(this.externalSequence += 1)}`,
    });
    this.countExternal(outcome);
  }

  private async externalFuturesOrder(): Promise<void> {
    const side = this.random.pick(['BUY_OPEN', 'SELL_OPEN'] as const);
    const priced = await this.priced(FUTURES, side === 'BUY_OPEN');
    const outcome = await this.external.futures.placeOrder({
      symbol: FUTURES,
      side,
      type: 'LIMIT',
      priceType: 'INPUT',
      quantity: String(this.random.int(1, 3)),
      ...priced,
      clientOrderId: `ext-${Date.now().toString(36)}-${(this.externalSequence += 1)}`,
    });
    this.countExternal(outcome);
  }

  private countExternal(outcome: WriteOutcome<unknown>): void {
    if (outcome.kind === 'accepted') {
      this.stats.externalPlaced += 1;
      return;
    }
    this.stats.externalFailed += 1;
    const reason =
      outcome.kind === 'rejected'
        ? outcome.error instanceof VenueRejectionError
          ? outcome.error.code
          : outcome.error.kind
        : outcome.reason;
    this.stats.externalFailures.set(reason, (this.stats.externalFailures.get(reason) ?? 0) + 1);
  }

  close(): Promise<void> {
    return this.external.close();
  }
}
