import { canonicalJson } from '../shared/canonical-json';
import { canonicalDecimal, compareDecimals, isPositive } from '../shared/decimal';
import { ObservationSource } from '../observations/observation-source';
import { OrderLifecycleEvent, ReconciliationBreakDetected } from './order-lifecycle.events';
import { requiredInferredFill } from './order-fills';
import { OrderSnapshotCore, isCanceledStatus, isTerminalStatus, terminalStatusesAgree } from './order-status';
import { AnyOrderCoreState, RealFillFigures, realFillFigures, venueKnowsOrder } from './order-core.state';
import { anotherStream, breakEvent, foundBy, resolutionTiming } from './order-decision-support';

/**
 * Refuses an observation that belongs to another order. An observation with this
 * stream's clientOrderId but another venue orderId is a venue contradiction and
 * becomes a break instead (returned so the caller records it without folding).
 */
export function checkObservationIdentity(
  state: {
    readonly accountId: string | null;
    readonly symbol: string | null;
    readonly orderId: string | null;
    readonly clientOrderId: string | null;
  },
  ids: {
    readonly accountId: string;
    readonly symbol: string;
    readonly orderId: string;
    readonly clientOrderId: string | null;
  },
  now: number,
): ReconciliationBreakDetected | null {
  const sameAccount = state.accountId === null || state.accountId === ids.accountId;
  const sameSymbol = state.symbol === null || state.symbol === ids.symbol;
  if (!sameAccount || !sameSymbol) throw anotherStream(state, ids.orderId);
  if (state.orderId !== null && state.orderId !== ids.orderId) {
    if (state.clientOrderId !== null && state.clientOrderId === ids.clientOrderId) {
      return breakEvent(
        state,
        `order-identity-mismatch:${ids.orderId}`,
        'order-identity-mismatch',
        { clientOrderId: state.clientOrderId, orderId: state.orderId },
        { clientOrderId: ids.clientOrderId, orderId: ids.orderId },
        now,
      );
    }
    throw anotherStream(state, ids.orderId);
  }
  if (state.orderId === null && state.clientOrderId !== null && ids.clientOrderId !== state.clientOrderId) {
    throw anotherStream(state, ids.orderId);
  }
  return null;
}

/**
 * What else follows once an observation has been folded: the uncertain submission it
 * resolves, the pending cancel it settles, the breaks it reveals, and the inferred
 * fills that keep the fill list equal to the executed quantity.
 */
export function consequencesOfObservation(
  before: AnyOrderCoreState,
  after: AnyOrderCoreState,
  incoming: OrderSnapshotCore | null,
  evidence: { readonly source: ObservationSource; readonly venueTime: number },
  now: number,
): OrderLifecycleEvent[] {
  const events: OrderLifecycleEvent[] = [];
  const known = new Set(Object.keys(after.breaks));
  const raise = (event: ReconciliationBreakDetected): void => {
    if (known.has(event.data.breakId)) return;
    known.add(event.data.breakId);
    events.push(event);
  };

  const submission = after.submission;
  if (submission.phase === 'uncertain') {
    events.push(foundBy(after, evidence, now, submission.uncertainSince));
  } else if (!venueKnowsOrder(before) && venueKnowsOrder(after)) {
    if (
      (submission.phase === 'resolved' && submission.outcome === 'absent') ||
      submission.phase === 'rejected'
    ) {
      raise(
        breakEvent(
          after,
          `found-after-absent:${after.clientOrderId ?? ''}`,
          'found-after-absent',
          { submission: submission.phase === 'rejected' ? 'rejected' : 'resolved absent' },
          { orderId: after.orderId, source: evidence.source, venueUpdateTime: evidence.venueTime },
          now,
        ),
      );
    }
  }

  const cancel = after.cancel;
  const venue = after.venue;
  if (
    (cancel.phase === 'requested' || cancel.phase === 'uncertain') &&
    venue !== null &&
    isTerminalStatus(venue.status)
  ) {
    events.push({
      type: 'OrderCancelResolved',
      schemaVersion: 1,
      data: {
        outcome: isCanceledStatus(venue.status) ? 'canceled' : 'completed-before-cancel',
        evidence: `status ${venue.status} (${venue.source})`,
        requestedAt: cancel.requestedAt,
        ...resolutionTiming(cancel.requestedAt, now),
      },
    });
  }

  if (
    incoming !== null &&
    before.venue !== null &&
    isTerminalStatus(before.venue.status) &&
    isTerminalStatus(incoming.status) &&
    !terminalStatusesAgree(before.venue.status, incoming.status)
  ) {
    const statuses = [before.venue.status, incoming.status].sort();
    raise(
      breakEvent(
        after,
        `status-contradiction:${statuses.join('|')}`,
        'status-contradiction',
        { status: before.venue.status, source: before.venue.source, updateTime: before.venue.updateTime },
        { status: incoming.status, source: incoming.source, updateTime: incoming.updateTime },
        now,
      ),
    );
  }

  // Summed once for both checks: a Decimal sum over the kept fills on every report.
  const real = realFillFigures(after);
  for (const overfill of overfills(after, real)) raise(overfill(now));

  events.push(...reconcileInferredFills(after, real));
  return events;
}

function overfills(
  state: AnyOrderCoreState,
  real: RealFillFigures,
): Array<(now: number) => ReconciliationBreakDetected> {
  const found: Array<(now: number) => ReconciliationBreakDetected> = [];
  const realQty = canonicalDecimal(real.qty);
  const origQty = state.venue?.origQty ?? null;
  if (origQty !== null && isPositive(origQty)) {
    if (compareDecimals(state.executedQty, origQty) > 0) {
      found.push((now) =>
        breakEvent(
          state,
          'overfill:executed',
          'overfill',
          { origQty },
          { executedQty: state.executedQty },
          now,
        ),
      );
    }
    if (compareDecimals(realQty, origQty) > 0) {
      found.push((now) =>
        breakEvent(state, 'overfill:fills', 'overfill', { origQty }, { filledQty: realQty }, now),
      );
    }
  }
  if (
    state.venue !== null &&
    isTerminalStatus(state.venue.status) &&
    compareDecimals(realQty, state.executedQty) > 0
  ) {
    found.push((now) =>
      breakEvent(
        state,
        'overfill:fills-beyond-final',
        'overfill',
        { filledQty: realQty },
        { executedQty: state.executedQty, status: state.venue?.status ?? null },
        now,
      ),
    );
  }
  return found;
}

/** Brings the inferred fills in line with what the executed quantity requires. */
export function reconcileInferredFills(
  state: AnyOrderCoreState,
  real: RealFillFigures = realFillFigures(state),
): OrderLifecycleEvent[] {
  const required =
    state.orderId === null
      ? null
      : requiredInferredFill({
          orderKey: state.orderId,
          executedQty: state.executedQty,
          cumulativeQuoteQty: state.cumulativeQuoteQty,
          avgPrice: state.venue?.avgPrice ?? null,
          limitPrice: state.venue?.price ?? null,
          real,
        });
  const active = Object.values(state.inferredFills);
  if (required !== null && active.length === 1 && canonicalJson(active[0]) === canonicalJson(required))
    return [];
  const realFilledQty = canonicalDecimal(real.qty);
  const events: OrderLifecycleEvent[] = active.map((fill) => ({
    type: 'InferredFillRetired',
    schemaVersion: 1,
    data: { fillId: fill.fillId, realFilledQty },
  }));
  if (required !== null)
    events.push({ type: 'OrderFillInferred', schemaVersion: 1, data: { fill: required } });
  return events;
}
