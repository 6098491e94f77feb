import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import { registeredMetric } from '../../metrics/registered-metric';

export type ResolutionEvidence = 'lookup' | 'stream-or-poll' | 'absent' | 'ack';

/**
 * The steps of placing a desk order, in order: the pre-trade checks, recording the
 * intent (each order of a batch too), then for a single order the venue call, recording
 * its outcome, and building the answer.
 */
export type PlacementStep = 'pre-trade' | 'intent' | 'venue' | 'outcome' | 'answer';

/**
 * Prometheus metrics of the command path: desk orders by the status they were answered
 * with, orders uncertain right now, time to certainty, resolutions by evidence, venue
 * lookups by answer, each key's budget this process keeps, pre-trade refusals by rule and
 * the time of each step of a placement (where a desk order's latency goes).
 */
@Injectable()
export class CommandMetrics {
  private readonly ordersByStatus = registeredMetric(
    'oms_desk_orders_total',
    () =>
      new Counter({
        name: 'oms_desk_orders_total',
        help: 'Desk orders placed, by market and by the status they were answered with',
        labelNames: ['market', 'status'],
      }),
  );
  private readonly uncertainNow = registeredMetric(
    'oms_orders_uncertain',
    () =>
      new Gauge({
        name: 'oms_orders_uncertain',
        help: 'Desk submissions and cancels whose outcome is uncertain right now',
        labelNames: ['kind'],
      }),
  );
  private readonly timeToCertainty = registeredMetric(
    'oms_time_to_certainty_seconds',
    () =>
      new Histogram({
        name: 'oms_time_to_certainty_seconds',
        help: 'From an uncertain venue answer to the order being certain',
        labelNames: ['kind', 'outcome'],
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
      }),
  );
  private readonly resolutions = registeredMetric(
    'oms_resolutions_total',
    () =>
      new Counter({
        name: 'oms_resolutions_total',
        help: 'Uncertain submissions and cancels resolved, by the evidence that settled them',
        labelNames: ['kind', 'evidence'],
      }),
  );
  private readonly lookups = registeredMetric(
    'oms_resolution_lookups_total',
    () =>
      new Counter({
        name: 'oms_resolution_lookups_total',
        help: 'Lookups of uncertain orders sent to the venue by this process, by the answer',
        labelNames: ['kind', 'answer'],
      }),
  );
  private readonly keyBudgets = registeredMetric(
    'oms_venue_key_budget_weight_per_second',
    () =>
      new Gauge({
        name: 'oms_venue_key_budget_weight_per_second',
        help: "This process's part of each account key's weight budget (the OMS processes counted on the key, ingest's share)",
        labelNames: ['account', 'category'],
      }),
  );
  private readonly refusals = registeredMetric(
    'oms_pre_trade_refusals_total',
    () =>
      new Counter({
        name: 'oms_pre_trade_refusals_total',
        help: 'Orders refused by a pre-trade check before anything was sent, by rule',
        labelNames: ['rule'],
      }),
  );

  private readonly placementSteps = registeredMetric(
    'oms_desk_order_step_seconds',
    () =>
      new Histogram({
        name: 'oms_desk_order_step_seconds',
        help: 'Each step of placing a desk order: pre-trade, intent, venue, outcome (deciding the venue answer), answer',
        labelNames: ['market', 'step'],
        buckets: [0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.25, 1, 5],
      }),
  );

  /** Times `step` of placing an order of `market`, whatever its result. */
  async placementStep<T>(
    market: 'spot' | 'futures',
    step: PlacementStep,
    work: () => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.placementSteps.observe({ market, step }, (performance.now() - started) / 1000);
    }
  }

  orderAnswered(market: string, status: string): void {
    this.ordersByStatus.inc({ market, status });
  }

  setUncertain(kind: 'submission' | 'cancel', count: number): void {
    this.uncertainNow.set({ kind }, count);
  }

  resolved(
    kind: 'submission' | 'cancel',
    evidence: ResolutionEvidence,
    outcome: string,
    tookMs: number,
  ): void {
    this.resolutions.inc({ kind, evidence });
    this.timeToCertainty.observe({ kind, outcome }, Math.max(0, tookMs) / 1000);
  }

  lookedUp(kind: 'submission' | 'cancel', answer: 'found' | 'not-found' | 'unavailable'): void {
    this.lookups.inc({ kind, answer });
  }

  keyBudget(account: string, category: 'query' | 'order', weightPerSecond: number): void {
    this.keyBudgets.set({ account, category }, weightPerSecond);
  }

  preTradeRefused(rule: string): void {
    this.refusals.inc({ rule });
  }
}
