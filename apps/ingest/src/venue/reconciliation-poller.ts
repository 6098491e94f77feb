import { ENDPOINTS, EndpointSpec, ExchangeClient, ExchangeError, RateLimitedError } from '@oms/exchange';
import {
  fundingPaymentObservation,
  futuresBalanceRecordObservation,
  futuresLimitOrderObservation,
  futuresStopOrderObservation,
  futuresTradeObservation,
  MappedObservation,
  positionRecordObservation,
  spotBalanceRecordObservation,
  spotOrderRecordObservation,
  spotTradeObservation,
} from '@oms/observations';
import { IngestMetrics } from '../metrics/ingest-metrics';
import { AccountView } from './account-view';

export type PollReason = 'start' | 'gap' | 'periodic';

/** Hands a poll's observations on (to the emitter), with the row each came from. */
export type PollSink = (observations: readonly MappedObservation[]) => void;

/** A row the mapper refused; it goes to the dead-letter topic and the poll goes on. */
export type RowRefusal = (endpoint: string, row: unknown, error: unknown) => void;

/**
 * One reconciliation poll of an account: open orders, recent order history, trades
 * since the newest seen, positions, balances and the funding ledger, each as rest-poll
 * observations. Each request fails on its own (logged, counted); an authentication
 * or permission error is rethrown so the account's health shows it.
 */
export class ReconciliationPoller {
  constructor(
    private readonly accountId: string,
    private readonly client: ExchangeClient,
    private readonly view: AccountView,
    private readonly metrics: IngestMetrics,
    private readonly lookbackMs: number,
    private readonly sink: PollSink,
    private readonly refuse: RowRefusal,
    private readonly affordable: (endpoint: EndpointSpec) => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** Endpoints never polled because they weigh more than ingest's share of the key. */
  get skippedReads(): string[] {
    return [...this.skipped].sort();
  }

  private readonly skipped = new Set<string>();

  /**
   * Runs every read of the poll in order. A 429 (or a key suspended after one) ends the
   * poll at once: nothing more is asked until the suspension is over.
   */
  async poll(reason: PollReason): Promise<void> {
    const stop = this.metrics.pollDuration.startTimer({ account: this.accountId, reason });
    const since = this.now() - this.lookbackMs;
    const failures: unknown[] = [];
    const step = async <T>(
      endpoint: EndpointSpec,
      request: () => Promise<T>,
      map: (answer: T, polledAt: number) => MappedObservation[],
    ) => {
      if (!this.affordable(endpoint)) {
        this.skipped.add(`${endpoint.method} ${endpoint.path}`);
        return;
      }
      try {
        const answer = await request();
        this.metrics.pollWeight.inc({ account: this.accountId }, endpoint.weight);
        this.publish(map(answer, this.now()));
      } catch (error) {
        if (error instanceof RateLimitedError) throw error;
        if (!(error instanceof ExchangeError && 'kind' in error && error.kind === 'unavailable'))
          this.metrics.pollWeight.inc({ account: this.accountId }, endpoint.weight);
        this.metrics.pollErrors.inc({ account: this.accountId });
        failures.push(error);
      }
    };
    const rows = <R>(
      endpoint: EndpointSpec,
      list: readonly R[],
      one: (row: R) => MappedObservation['event'] | null,
    ) =>
      list.flatMap((row) => {
        try {
          const event = one(row);
          return event === null ? [] : [{ event, raw: row }];
        } catch (error) {
          this.refuse(endpoint.path, row, error);
          return [];
        }
      });
    const id = this.accountId;
    try {
      await step(
        ENDPOINTS.spotOpenOrders,
        () => this.client.spot.getOpenOrders(),
        (list) => rows(ENDPOINTS.spotOpenOrders, list, (row) => spotOrderRecordObservation(id, row)),
      );
      await step(
        ENDPOINTS.spotTradeOrders,
        () => this.client.spot.getTradeOrders({ startTime: since, limit: 1000 }),
        (list) => rows(ENDPOINTS.spotTradeOrders, list, (row) => spotOrderRecordObservation(id, row)),
      );
      await step(
        ENDPOINTS.accountTrades,
        () => this.client.account.getTrades({ startTime: this.view.tradesSince('spot', since), limit: 1000 }),
        (list) => rows(ENDPOINTS.accountTrades, list, (row) => spotTradeObservation(id, row)),
      );
      await step(
        ENDPOINTS.futuresPositions,
        () => this.client.futures.getPositions(),
        (list, polledAt) =>
          rows(ENDPOINTS.futuresPositions, list, (row) => positionRecordObservation(id, row, polledAt)),
      );
      await step(
        ENDPOINTS.futuresOpenOrders,
        () => this.client.futures.getOpenOrders({ type: 'LIMIT' }),
        (list) => rows(ENDPOINTS.futuresOpenOrders, list, (row) => futuresLimitOrderObservation(id, row)),
      );
      await step(
        ENDPOINTS.futuresOpenOrders,
        () => this.client.futures.getOpenOrders({ type: 'STOP' }),
        (list) => rows(ENDPOINTS.futuresOpenOrders, list, (row) => futuresStopOrderObservation(id, row)),
      );
      for (const symbol of [...this.view.futuresSymbols].sort()) {
        await step(
          ENDPOINTS.futuresHistoryOrders,
          () => this.client.futures.getHistoryOrders({ symbol, type: 'LIMIT', startTime: since, limit: 500 }),
          (list) =>
            rows(ENDPOINTS.futuresHistoryOrders, list, (row) => futuresLimitOrderObservation(id, row)),
        );
        await step(
          ENDPOINTS.futuresHistoryOrders,
          () => this.client.futures.getHistoryOrders({ symbol, type: 'STOP', startTime: since, limit: 500 }),
          (list) => rows(ENDPOINTS.futuresHistoryOrders, list, (row) => futuresStopOrderObservation(id, row)),
        );
        await step(
          ENDPOINTS.futuresUserTrades,
          () =>
            this.client.futures.getUserTrades({
              symbol,
              startTime: this.view.tradesSince(symbol, since),
              limit: 1000,
            }),
          (list) => rows(ENDPOINTS.futuresUserTrades, list, (row) => futuresTradeObservation(id, row)),
        );
      }
      await step(
        ENDPOINTS.account,
        () => this.client.account.getAccount(),
        (info, polledAt) =>
          rows(ENDPOINTS.account, info.balances, (row) => spotBalanceRecordObservation(id, row, polledAt)),
      );
      await step(
        ENDPOINTS.futuresBalance,
        () => this.client.futures.getBalance(),
        (list, polledAt) =>
          rows(ENDPOINTS.futuresBalance, list, (row) => futuresBalanceRecordObservation(id, row, polledAt)),
      );
      await step(
        ENDPOINTS.balanceFlow,
        () => this.client.account.getBalanceFlow({ startTime: since, limit: 1000 }),
        (list) => rows(ENDPOINTS.balanceFlow, list, (row) => fundingPaymentObservation(id, row)),
      );
    } finally {
      stop();
    }
    const blocking = failures.find(isAccessProblem);
    if (blocking instanceof Error) throw blocking;
    if (failures.length > 0) throw new PollIncompleteError(failures);
  }

  private publish(observations: MappedObservation[]): void {
    if (observations.length === 0) return;
    this.view.learn(observations);
    this.sink(observations);
  }
}

/** Some requests of a poll failed; the others were published. */
export class PollIncompleteError extends Error {
  constructor(readonly failures: readonly unknown[]) {
    super(`${failures.length} poll request(s) failed: ${failures.map(describe).join('; ')}`);
    this.name = 'PollIncompleteError';
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** A key the venue refuses (unknown, revoked, lacking permission): the account cannot be served. */
export function isAccessProblem(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'kind' in error &&
    (error.kind === 'authentication' || error.kind === 'permission')
  );
}
