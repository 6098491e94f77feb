import { runCommands } from '../shared/decider';
import { deciderSpecification } from '../test-support/decider-specification';
import { positionObservation } from '../test-support/futures-builders';
import { positionDecider, positionFill, recordFill } from '../test-support/position-builders';
import { DomainErrorCode } from '../shared/domain-error';

const spec = deciderSpecification(positionDecider);

describe('futures position: reconciliation against the venue', () => {
  // Real userTrades capture: SELL_CLOSE 10 @2998.25, realizedPnl -3.29278, entry 3327.528.
  const opened = positionFill('BUY_OPEN', '10', '3327.528');
  const closed = positionFill('SELL_CLOSE', '10', '2998.25', {
    venueRealizedPnl: '-3.29278',
    fee: { asset: 'USDT', amount: '0.0179895' },
  });

  it('matches the venue realizedPnl of a real closing fill exactly', () => {
    const { state } = runCommands(positionDecider, [recordFill(opened), recordFill(closed)]);
    expect(
      positionDecider.decide({ type: 'ReconcilePosition', realizedPnlTolerance: '0', now: 9 }, state),
    ).toEqual([]);
  });

  it('a realizedPnl beyond the tolerance becomes a break with both figures', () => {
    const shifted = { ...opened, fillId: 'T-shifted', price: '3327.52' };
    const { state } = runCommands(positionDecider, [recordFill(shifted), recordFill(closed)]);
    const decided = positionDecider.decide(
      { type: 'ReconcilePosition', realizedPnlTolerance: '0.00001', now: 9 },
      state,
    );
    expect(decided).toEqual([
      expect.objectContaining({
        type: 'ReconciliationBreakDetected',
        data: expect.objectContaining({
          kind: 'realized-pnl-mismatch',
          oms: { realizedPnl: '-3.2927' },
          venue: { realizedPnl: '-3.29278', fillId: closed.fillId },
        }),
      }),
    ]);
  });

  it('a realizedPnl mismatch from an opening fill not seen yet is resolved once it arrives', () => {
    const reconcile = { type: 'ReconcilePosition' as const, realizedPnlTolerance: '0.00001', now: 9 };
    const before = runCommands(positionDecider, [recordFill(closed), reconcile]);
    expect(Object.values(before.state.breaks)).toEqual([
      expect.objectContaining({ kind: 'realized-pnl-mismatch', resolution: null }),
    ]);
    const after = runCommands(positionDecider, [recordFill(opened), { ...reconcile, now: 10 }], before.state);
    expect(Object.values(after.state.breaks)).toEqual([
      expect.objectContaining({
        kind: 'realized-pnl-mismatch',
        resolution: {
          actor: 'reconciliation',
          note: `fills now realize -3.29278 on fill ${closed.fillId}, as the venue`,
          resolvedAt: 10,
        },
      }),
    ]);
  });

  it('a realizedPnl mismatch that persists stays open', () => {
    const shifted = { ...opened, fillId: 'T-shifted', price: '3327.52' };
    const reconcile = { type: 'ReconcilePosition' as const, realizedPnlTolerance: '0.00001', now: 9 };
    const { state } = runCommands(positionDecider, [
      recordFill(shifted),
      recordFill(closed),
      reconcile,
      { ...reconcile, now: 10 },
    ]);
    expect(Object.values(state.breaks).map((found) => found.resolution)).toEqual([null]);
  });

  it('a snapshot ahead of the known fills is a break, resolved once the missing fill arrives', () => {
    const first = positionFill('BUY_OPEN', '1', '2429.6', { time: 1723084699000 });
    const missing = positionFill('BUY_OPEN', '1', '2429.6', { time: 1723084699500 });
    const snapshot = {
      type: 'RecordPositionObservation' as const,
      observation: positionObservation(),
      now: 10,
    };
    const reconcile = { type: 'ReconcilePosition' as const, realizedPnlTolerance: '0.01', now: 11 };
    const before = runCommands(positionDecider, [recordFill(first), snapshot, reconcile]);
    expect(Object.values(before.state.breaks).map((found) => found.kind)).toEqual(['position-mismatch']);
    const after = runCommands(
      positionDecider,
      [recordFill(missing), { ...reconcile, now: 12 }],
      before.state,
    );
    expect(Object.values(after.state.breaks)[0].resolution).toMatchObject({
      actor: 'reconciliation',
      resolvedAt: 12,
    });
  });

  describe('two snapshots the venue stamped with one millisecond', () => {
    // Three contracts, then two closing fills in one millisecond: the venue reports 2
    // contracts, then 1, both stamped T.
    const stamp = 1723084699801;
    const fills = [
      positionFill('BUY_OPEN', '3', '2429.6', { time: stamp - 1_000 }),
      positionFill('SELL_CLOSE', '1', '2430', { time: stamp }),
      positionFill('SELL_CLOSE', '1', '2430', { time: stamp }),
    ];
    // Neither tells which came later; the one between the fills sorts first among equals.
    const midway = positionObservation({ position: '2', available: '2', updateTime: stamp });
    const after = positionObservation({ position: '1', available: '1', updateTime: stamp });
    const snapshot = (observation: typeof midway) => ({
      type: 'RecordPositionObservation' as const,
      observation,
      now: 10,
    });
    const reconcile = { type: 'ReconcilePosition' as const, realizedPnlTolerance: '0.01', now: 11 };

    it.each([
      ['the one between the fills first', [midway, after]],
      ['the final one first', [after, midway]],
    ])('raise no break when the fills agree with one of them (%s)', (_, snapshots) => {
      const { state } = runCommands(positionDecider, [
        ...fills.map((fill) => recordFill(fill)),
        ...snapshots.map(snapshot),
        reconcile,
      ]);
      expect(state.breaks).toEqual({});
    });

    it('raise a break when the fills agree with neither', () => {
      const extra = positionFill('SELL_CLOSE', '1', '2430', { time: stamp });
      const { state } = runCommands(positionDecider, [
        ...[...fills, extra].map((fill) => recordFill(fill)),
        snapshot(midway),
        snapshot(after),
        reconcile,
      ]);
      expect(Object.values(state.breaks)).toEqual([
        expect.objectContaining({
          kind: 'position-mismatch',
          oms: expect.objectContaining({ contracts: '0' }),
        }),
      ]);
    });

    it('are forgotten once a later snapshot comes', () => {
      const later = positionObservation({ position: '0', available: '0', updateTime: stamp + 1 });
      const { state } = runCommands(positionDecider, [snapshot(midway), snapshot(after), snapshot(later)]);
      expect(state.venue).toEqual(later);
      expect(state).not.toHaveProperty('venueSameTime');
    });
  });

  it('an inferred fill is replaced by the real one', () => {
    const inferred = positionFill('BUY_OPEN', '4', '2463.36', { fillId: 'inferred:O1:4:0', inferred: true });
    spec
      .given([])
      .when(recordFill(inferred))
      .thenState((state) => {
        const retired = positionDecider.decide(
          { type: 'RetireInferredPositionFill', fillId: inferred.fillId, now: 3 },
          state,
        );
        expect(retired).toEqual([
          { type: 'PositionFillRetired', schemaVersion: 1, data: { fillId: inferred.fillId, retiredAt: 3 } },
        ]);
      });
  });

  it('refuses a symbol without a known contract multiplier', () => {
    spec
      .given([])
      .when(recordFill(positionFill('BUY_OPEN', '1', '100', { symbol: 'DOGEUSDT-PERPETUAL' })))
      .thenFails(DomainErrorCode.UnknownContractMultiplier, 'symbol');
  });

  it('refuses a fill with a fractional price string that is not a decimal, naming the field', () => {
    spec
      .given([])
      .when(recordFill(positionFill('BUY_OPEN', '1', 'abc')))
      .thenFails(DomainErrorCode.InvalidField, 'fill.price');
  });
});

describe('futures position: a desk resolves a break', () => {
  const shifted = positionFill('BUY_OPEN', '10', '3327.52');
  const closed = positionFill('SELL_CLOSE', '10', '2998.25', {
    venueRealizedPnl: '-3.29278',
    fee: { asset: 'USDT', amount: '0.0179895' },
  });
  const reconcile = { type: 'ReconcilePosition' as const, realizedPnlTolerance: '0.00001', now: 9 };
  const opened = runCommands(positionDecider, [recordFill(shifted), recordFill(closed), reconcile]);
  const [breakId] = Object.keys(opened.state.breaks);
  const resolve = {
    type: 'ResolveReconciliationBreak' as const,
    breakId,
    actor: 'ops:bob',
    note: 'venue rounds differently',
    now: 20,
  };

  it('records who resolved it, why and when', () => {
    const { state } = runCommands(positionDecider, [resolve], opened.state);
    expect(state.breaks[breakId].resolution).toEqual({
      actor: 'ops:bob',
      note: 'venue rounds differently',
      resolvedAt: 20,
    });
  });

  it('refuses an unknown break and a second resolution, naming breakId', () => {
    spec
      .given(opened.events)
      .when({ ...resolve, breakId: 'nope' })
      .thenFails(DomainErrorCode.UnknownReconciliationBreak, 'breakId');
    spec
      .given([...opened.events, ...runCommands(positionDecider, [resolve], opened.state).events])
      .when({ ...resolve, now: 30 })
      .thenFails(DomainErrorCode.ReconciliationBreakAlreadyResolved, 'breakId');
  });
});
