import fc from 'fast-check';
import { Decider } from './shared/decider';
import { DomainError } from './shared/domain-error';
import { spotOrderDecider } from './spot-order/spot-order.decider';
import { futuresOrderDecider } from './futures-order/futures-order.decider';
import { futuresStopOrderDecider } from './futures-stop-order/futures-stop-order.decider';
import { spotBalanceDecider } from './balance/balance.decider';
import { venueStreamDecider } from './venue-stream/venue-stream.decider';
import { positionDecider, positionFill } from './test-support/position-builders';
import {
  CLIENT_ORDER_ID,
  spotFillObservation,
  spotLimitBuy,
  spotOrderObservation,
} from './test-support/spot-builders';
import {
  futuresFillObservation,
  futuresOrderObservation,
  positionObservation,
  stopOrderObservation,
} from './test-support/futures-builders';

/** Every dotted path of a JSON-like value, so any one field can be replaced by junk. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return [prefix, ...Object.entries(value).flatMap(([key, child]) => pathsOf(child, [...prefix, key]))];
}

function replaceAt(value: unknown, path: readonly string[], junk: unknown): unknown {
  if (path.length === 0) return junk;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[path[0]] = replaceAt(copy[path[0]], path.slice(1), junk);
  return copy;
}

/**
 * Commands reach the deciders from transports and Kafka: whatever a field holds, the
 * answer is events or a DomainError, never an exception.
 */
function assertNeverThrows<C, E, S>(
  decider: Decider<C, E, S>,
  templates: readonly C[],
  states: readonly S[],
): void {
  const cases = templates.flatMap((template) => pathsOf(template).map((path) => [template, path] as const));
  fc.assert(
    fc.property(
      fc.constantFrom(...cases),
      fc.anything(),
      fc.constantFrom(...states),
      ([template, path], junk, state) => {
        const command = replaceAt(template, path, junk) as C;
        const result = decider.decide(command, state);
        expect(result instanceof DomainError || Array.isArray(result)).toBe(true);
      },
    ),
    { numRuns: 400 },
  );
}

describe('deciders never throw on bad input', () => {
  it('spot orders', () => {
    const templates = [
      {
        type: 'PlaceSpotOrder',
        clientOrderId: CLIENT_ORDER_ID,
        actor: 'desk:a',
        request: spotLimitBuy(),
        now: 1,
      },
      { type: 'RecordSpotOrderObservation', observation: spotOrderObservation(), now: 1 },
      { type: 'RecordSpotFillObservation', observation: spotFillObservation(), now: 1 },
      {
        type: 'RecordSpotSubmissionAccepted',
        acknowledgement: spotOrderObservation({ source: 'rest-ack', acknowledgedRequest: 'create' }),
        now: 1,
      },
      { type: 'RecordSubmissionRejected', venueCode: '-1133', venueMessage: 'x', now: 1 },
      { type: 'RecordSubmissionUncertain', reason: 'timeout', detail: 'x', now: 1 },
      { type: 'ResolveSubmissionAbsent', lookups: 3, venueCode: null, venueMessage: null, now: 1 },
      { type: 'RequestCancel', actor: 'desk:a', now: 1 },
      { type: 'RecordCancelUncertain', reason: 'timeout', detail: 'x', now: 1 },
      { type: 'ResolveReconciliationBreak', breakId: 'b', actor: 'ops', note: '', now: 1 },
    ] as const;
    const placed = spotOrderDecider.decide(templates[0], spotOrderDecider.initialState) as never[];
    const requested = placed.reduce(spotOrderDecider.evolve, spotOrderDecider.initialState);
    assertNeverThrows(spotOrderDecider, templates as never, [spotOrderDecider.initialState, requested]);
  });

  it('futures and stop orders', () => {
    assertNeverThrows(
      futuresOrderDecider,
      [
        { type: 'RecordFuturesOrderObservation', observation: futuresOrderObservation(), now: 1 },
        { type: 'RecordFuturesFillObservation', observation: futuresFillObservation(), now: 1 },
      ],
      [futuresOrderDecider.initialState],
    );
    assertNeverThrows(
      futuresStopOrderDecider,
      [
        { type: 'RecordFuturesStopOrderObservation', observation: stopOrderObservation(), now: 1 },
        { type: 'LinkTriggeredOrder', triggeredOrderId: '1', now: 1 },
      ],
      [futuresStopOrderDecider.initialState],
    );
  });

  it('positions, balances and the venue stream', () => {
    assertNeverThrows(
      positionDecider,
      [
        { type: 'RecordPositionFill', fill: positionFill('BUY_OPEN', '1', '100'), now: 1 },
        { type: 'RecordPositionObservation', observation: positionObservation(), now: 1 },
        { type: 'ReconcilePosition', realizedPnlTolerance: '0.01', now: 1 },
      ],
      [positionDecider.initialState],
    );
    assertNeverThrows(
      spotBalanceDecider,
      [
        {
          type: 'RecordSpotBalanceObservation',
          observation: { accountId: 'A', asset: 'ETH', free: '1', locked: '0', venueTime: 1, source: 'ws' },
          now: 1,
        },
      ],
      [spotBalanceDecider.initialState],
    );
    assertNeverThrows(
      venueStreamDecider,
      [
        { type: 'RecordStreamConnected', accountId: 'A', connectionId: 'c', now: 1 },
        { type: 'RecordStreamGap', from: 1, to: 2, reason: 'x', now: 3 },
      ],
      [venueStreamDecider.initialState],
    );
  });
});
