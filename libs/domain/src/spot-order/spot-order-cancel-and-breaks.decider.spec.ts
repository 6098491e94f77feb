import { DomainErrorCode } from '../shared/domain-error';
import { deciderSpecification } from '../test-support/decider-specification';
import {
  CLIENT_ORDER_ID,
  ORDER_ID,
  observedOrder,
  recordOrder,
  spotOrderObservation,
  spotOrderRequested,
} from '../test-support/spot-builders';
import { spotOrderDecider } from './spot-order.decider';
import { SpotOrderEvent } from './spot-order.types';

const spec = deciderSpecification(spotOrderDecider);
const accepted: SpotOrderEvent = {
  type: 'OrderAccepted',
  schemaVersion: 1,
  data: { clientOrderId: CLIENT_ORDER_ID, orderId: ORDER_ID, acceptedAt: 1722006209990 },
};

describe('spot order: cancel', () => {
  const live = [
    spotOrderRequested(),
    accepted,
    observedOrder({ source: 'rest-ack', acknowledgedRequest: 'create' }),
  ];
  const cancelRequested: SpotOrderEvent = {
    type: 'OrderCancelRequested',
    schemaVersion: 1,
    data: { actor: 'desk:alice', requestedAt: 1000 },
  };

  it('records the cancel request of a live order', () => {
    spec.given(live).when({ type: 'RequestCancel', actor: 'desk:alice', now: 1000 }).then([cancelRequested]);
  });

  it('refuses to cancel an order that is already terminal', () => {
    spec
      .given([...live, observedOrder({ status: 'FILLED', executedQty: '1', updateTime: 99 })])
      .when({ type: 'RequestCancel', actor: 'desk:alice', now: 1000 })
      .thenFails(DomainErrorCode.OrderAlreadyTerminal);
  });

  it('records the cancel request of an order whose create awaits its answer: it may be at the venue already', () => {
    spec
      .given([spotOrderRequested()])
      .when({ type: 'RequestCancel', actor: 'desk:alice', now: 1000 })
      .then([cancelRequested]);
  });

  it('refuses to cancel an order that was never placed', () => {
    const rejected: SpotOrderEvent = {
      type: 'OrderRejected',
      schemaVersion: 1,
      data: {
        clientOrderId: CLIENT_ORDER_ID,
        venueCode: '-1133',
        venueMessage: 'price too low',
        rejectedAt: 9,
      },
    };
    spec
      .given([spotOrderRequested(), rejected])
      .when({ type: 'RequestCancel', actor: 'desk:alice', now: 1000 })
      .thenFails(DomainErrorCode.OrderNotLive);
  });

  it('refuses a second cancel while one is pending', () => {
    spec
      .given([...live, cancelRequested])
      .when({ type: 'RequestCancel', actor: 'desk:alice', now: 1001 })
      .thenFails(DomainErrorCode.CancelAlreadyPending);
  });

  it('a cancel acknowledgement that still says NEW does not cancel', () => {
    const ack = spotOrderObservation({
      source: 'rest-ack',
      acknowledgedRequest: 'cancel',
      updateTime: 1722006210500,
    });
    spec
      .given([...live, cancelRequested])
      .when({ type: 'RecordSpotCancelAccepted', acknowledgement: ack, now: 1100 })
      .thenState((state, events) => {
        expect(events.map((event) => event.type)).toEqual(['OrderCancelAcknowledged', 'SpotOrderObserved']);
        expect(state.venue?.status).toBe('NEW');
        expect(state.cancel.phase).toBe('requested');
      });
  });

  it('a later CANCELED report resolves the cancel, with the time it took', () => {
    spec
      .given([...live, cancelRequested])
      .when(recordOrder({ status: 'CANCELED', updateTime: 1722006211000 }, 1600))
      .thenState((state, events) => {
        expect(events.map((event) => event.type)).toEqual(['SpotOrderObserved', 'OrderCancelResolved']);
        expect(state.cancel).toEqual({
          phase: 'resolved',
          actor: 'desk:alice',
          requestedAt: 1000,
          outcome: 'canceled',
          resolvedAt: 1600,
        });
      });
  });

  it('a fill that completes the order before the cancel resolves it as completed', () => {
    spec
      .given([...live, cancelRequested])
      .when(
        recordOrder(
          { status: 'FILLED', executedQty: '1', cumulativeQuoteQty: '3000', updateTime: 1722006211000 },
          1600,
        ),
      )
      .thenState((state) => expect(state.cancel).toMatchObject({ outcome: 'completed-before-cancel' }));
  });

  it('a refused cancel resolves as rejected with the venue code', () => {
    spec
      .given([...live, cancelRequested])
      .when({
        type: 'RecordCancelRejected',
        venueCode: '-1139',
        venueMessage: 'Order has been filled',
        now: 1200,
      })
      .thenState((state) => expect(state.cancel).toMatchObject({ phase: 'resolved', outcome: 'rejected' }));
  });

  it('an uncertain cancel stays pending until an observation settles it', () => {
    spec
      .given([...live, cancelRequested])
      .when({ type: 'RecordCancelUncertain', reason: 'timeout', detail: 'no answer in 5 s', now: 1200 })
      .thenState((state) => expect(state.cancel.phase).toBe('uncertain'));
  });
});

describe('spot order: reconciliation breaks', () => {
  const contradiction = [
    observedOrder({ status: 'FILLED', executedQty: '1', updateTime: 20 }),
    observedOrder({ status: 'CANCELED', updateTime: 30 }),
  ];

  it('a desk resolves a break with a note', () => {
    const state = contradiction.reduce(spotOrderDecider.evolve, spotOrderDecider.initialState);
    expect(state.breaks).toEqual({});
    const detected = spotOrderDecider.decide(
      recordOrder({ status: 'CANCELED', updateTime: 30 }),
      contradiction.slice(0, 1).reduce(spotOrderDecider.evolve, spotOrderDecider.initialState),
    );
    const events = [contradiction[0], ...(detected as SpotOrderEvent[])];
    const breakId = `${CLIENT_ORDER_ID}:status-contradiction:CANCELED|FILLED`;
    spec
      .given(events)
      .when({
        type: 'ResolveReconciliationBreak',
        breakId,
        actor: 'ops:bob',
        note: 'venue confirmed FILLED',
        now: 5000,
      })
      .thenState((after) =>
        expect(after.breaks[breakId].resolution).toEqual({
          actor: 'ops:bob',
          note: 'venue confirmed FILLED',
          resolvedAt: 5000,
        }),
      );
  });

  it('refuses to resolve a break a second time, keeping the first resolution', () => {
    const detected = spotOrderDecider.decide(
      recordOrder({ status: 'CANCELED', updateTime: 30 }),
      contradiction.slice(0, 1).reduce(spotOrderDecider.evolve, spotOrderDecider.initialState),
    );
    const breakId = `${CLIENT_ORDER_ID}:status-contradiction:CANCELED|FILLED`;
    const resolve = {
      type: 'ResolveReconciliationBreak',
      breakId,
      actor: 'ops:bob',
      note: 'ok',
      now: 5000,
    } as const;
    const before = [contradiction[0], ...(detected as SpotOrderEvent[])].reduce(
      spotOrderDecider.evolve,
      spotOrderDecider.initialState,
    );
    const resolved = spotOrderDecider.decide(resolve, before) as SpotOrderEvent[];
    spec
      .given([contradiction[0], ...(detected as SpotOrderEvent[]), ...resolved])
      .when({ ...resolve, actor: 'ops:ann', now: 6000 })
      .thenFails(DomainErrorCode.ReconciliationBreakAlreadyResolved, 'breakId');
  });

  it('refuses to resolve an unknown break', () => {
    spec
      .given(contradiction)
      .when({ type: 'ResolveReconciliationBreak', breakId: 'nope', actor: 'ops:bob', note: '', now: 5000 })
      .thenFails(DomainErrorCode.UnknownReconciliationBreak, 'breakId');
  });
});
