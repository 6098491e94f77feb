import { canonicalDecimal } from '../shared/decimal';
import { ReconciliationBreakDetected } from '../orders/order-lifecycle.events';
import { BreakFacts, ReconciliationBreakKind } from '../orders/reconciliation-break';
import { FuturesPositionObservation } from '../observations/futures-position-observed';
import { foldPosition, foldPositionUntil } from './position-ledger';
import { FuturesPositionEvent, FuturesPositionState, PositionFill } from './futures-position.types';

/** The venue's snapshots of the latest stamp: the latest, then any of other figures. */
export function latestVenueSnapshots(state: FuturesPositionState): FuturesPositionObservation[] {
  return state.venue === null ? [] : [state.venue, ...(state.venueSameTime ?? [])];
}

/** Whether any break of the position is still open (unresolved). */
export function hasOpenBreak(state: FuturesPositionState): boolean {
  return Object.values(state.breaks).some((found) => found.resolution === null);
}

/**
 * Venue snapshot against the fills up to its time, and each closing fill's venue
 * realizedPnl against the computed one; a mismatch that later disappears (the missing
 * fill arrived) is resolved. Snapshots of one stamp with different figures (changes
 * within a millisecond) agree when the fills give any one of them.
 * A snapshot older than the latest settled fill is not compared (the totals cannot be
 * taken apart at its time), and only the closing fills the state keeps are checked: the
 * OMS reconciles at every position snapshot, long before a fill settles.
 */
export function reconcilePosition(
  state: FuturesPositionState,
  tolerance: string,
  now: number,
): FuturesPositionEvent[] {
  const events: FuturesPositionEvent[] = [];
  const venue = state.venue;
  const fold = venue === null ? null : foldPositionUntil(state, venue.updateTime);
  if (venue !== null && fold !== null) {
    const computed = canonicalDecimal(fold.contracts);
    const agrees =
      fold.overclosedContracts.isZero() &&
      latestVenueSnapshots(state).some((snapshot) => snapshot.position === computed);
    if (!agrees) {
      events.push(
        positionBreak(
          state,
          `position-mismatch@${venue.updateTime}`,
          'position-mismatch',
          { contracts: computed, overclosedContracts: canonicalDecimal(fold.overclosedContracts) },
          { contracts: venue.position, avgPrice: venue.avgPrice, updateTime: venue.updateTime },
          now,
        ),
      );
    }
    for (const [id, found] of Object.entries(state.breaks)) {
      if (found.kind === 'position-mismatch' && found.resolution === null && agrees) {
        events.push(reconciledBreak(id, `fills now give ${computed} contracts, as the venue`, now));
      }
    }
  }
  const agreeing = new Map<string, string>();
  for (const delta of foldPosition(state).realizedPnlDeltas) {
    if (delta.venue.minus(delta.computed).abs().greaterThan(tolerance)) {
      events.push(
        positionBreak(
          state,
          `realized-pnl-mismatch:${delta.fillId}`,
          'realized-pnl-mismatch',
          { realizedPnl: canonicalDecimal(delta.computed) },
          { realizedPnl: canonicalDecimal(delta.venue), fillId: delta.fillId },
          now,
        ),
      );
    } else {
      agreeing.set(delta.fillId, canonicalDecimal(delta.computed));
    }
  }
  // A fill figured before an earlier one was known (a dropped stream report, a poll not
  // yet in) realizes the wrong amount until that one arrives.
  for (const [id, found] of Object.entries(state.breaks)) {
    const computed = agreeing.get(String(found.venue.fillId));
    if (found.kind !== 'realized-pnl-mismatch' || found.resolution !== null || computed === undefined)
      continue;
    events.push(
      reconciledBreak(
        id,
        `fills now realize ${computed} on fill ${String(found.venue.fillId)}, as the venue`,
        now,
      ),
    );
  }
  return newBreaks(state, events);
}

/** A break the reconciliation itself found gone: the figures now agree with the venue's. */
function reconciledBreak(breakId: string, note: string, now: number): FuturesPositionEvent {
  return {
    type: 'ReconciliationBreakResolved',
    schemaVersion: 1,
    data: { breakId, actor: 'reconciliation', note, resolvedAt: now },
  };
}

function scope(state: FuturesPositionState): string {
  return `${state.accountId ?? ''}:${state.symbol ?? ''}:${state.side ?? ''}`;
}

export function positionBreak(
  state: FuturesPositionState,
  id: string,
  kind: ReconciliationBreakKind,
  oms: BreakFacts,
  venue: BreakFacts,
  now: number,
): ReconciliationBreakDetected {
  return {
    type: 'ReconciliationBreakDetected',
    schemaVersion: 1,
    data: { breakId: `${scope(state)}:${id}`, kind, oms, venue, detectedAt: now },
  };
}

export function newBreaks(
  state: FuturesPositionState,
  events: FuturesPositionEvent[],
): FuturesPositionEvent[] {
  const seen = new Set(Object.keys(state.breaks));
  return events.filter((event) => {
    if (event.type !== 'ReconciliationBreakDetected') return true;
    if (seen.has(event.data.breakId)) return false;
    seen.add(event.data.breakId);
    return true;
  });
}

export function fillFacts(fill: PositionFill): BreakFacts {
  return { price: fill.price, contracts: fill.contracts, orderSide: fill.orderSide, inferred: fill.inferred };
}
