import { DomainErrorCode } from '../shared/domain-error';
import { deciderSpecification } from '../test-support/decider-specification';
import {
  CLIENT_ORDER_ID,
  ORDER_ID,
  observedFill,
  observedOrder,
  recordFill,
  recordOrder,
  spotLimitBuy,
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
const uncertain: SpotOrderEvent = {
  type: 'OrderSubmissionUncertain',
  schemaVersion: 1,
  data: { clientOrderId: CLIENT_ORDER_ID, reason: 'http-5xx', detail: '503', at: 1722006210000 },
};

describe('spot order: submission', () => {
  it('records the intent with the generated clientOrderId and the desk actor', () => {
    spec
      .given([])
      .when({
        type: 'PlaceSpotOrder',
        clientOrderId: CLIENT_ORDER_ID,
        actor: 'desk:alice',
        request: spotLimitBuy(),
        now: 5,
      })
      .then([
        {
          type: 'OrderSubmissionRequested',
          schemaVersion: 1,
          data: {
            clientOrderId: CLIENT_ORDER_ID,
            actor: 'desk:alice',
            requestedAt: 5,
            request: spotLimitBuy(),
          },
        },
      ]);
  });

  it('refuses a limit order without a price, naming the field', () => {
    spec
      .given([])
      .when({
        type: 'PlaceSpotOrder',
        clientOrderId: CLIENT_ORDER_ID,
        actor: 'desk:alice',
        request: spotLimitBuy({ price: null }),
        now: 5,
      })
      .thenFails(DomainErrorCode.MissingField, 'request.price');
  });

  it('refuses a quantity that is not a decimal string', () => {
    spec
      .given([])
      .when({
        type: 'PlaceSpotOrder',
        clientOrderId: CLIENT_ORDER_ID,
        actor: 'desk:alice',
        request: spotLimitBuy({ quantity: '1e3' }),
        now: 5,
      })
      .thenFails(DomainErrorCode.InvalidField, 'request.quantity');
  });

  it('refuses to place twice in one stream', () => {
    spec
      .given([spotOrderRequested()])
      .when({
        type: 'PlaceSpotOrder',
        clientOrderId: CLIENT_ORDER_ID,
        actor: 'desk:alice',
        request: spotLimitBuy(),
        now: 5,
      })
      .thenFails(DomainErrorCode.OrderAlreadyExists);
  });

  it('a 2XX answer accepts the order and is also an observation', () => {
    const ack = spotOrderObservation({ source: 'rest-ack', acknowledgedRequest: 'create' });
    spec
      .given([spotOrderRequested()])
      .when({ type: 'RecordSpotSubmissionAccepted', acknowledgement: ack, now: 1722006209990 })
      .then([accepted, { type: 'SpotOrderObserved', schemaVersion: 1, data: ack }]);
  });

  it('a 4XX answer rejects with the venue code and message', () => {
    spec
      .given([spotOrderRequested()])
      .when({
        type: 'RecordSubmissionRejected',
        venueCode: '-1133',
        venueMessage: 'Order price lower than the minimum',
        now: 9,
      })
      .then([
        {
          type: 'OrderRejected',
          schemaVersion: 1,
          data: {
            clientOrderId: CLIENT_ORDER_ID,
            venueCode: '-1133',
            venueMessage: 'Order price lower than the minimum',
            rejectedAt: 9,
          },
        },
      ]);
  });

  it('a 5XX makes the submission uncertain, never failed', () => {
    spec
      .given([spotOrderRequested()])
      .when({ type: 'RecordSubmissionUncertain', reason: 'http-5xx', detail: '503', now: 1722006210000 })
      .then([uncertain]);
  });

  it('a stream report carrying the clientOrderId resolves an uncertain submission as found, with the time it took', () => {
    spec
      .given([spotOrderRequested(), uncertain])
      .when(recordOrder({ source: 'ws' }, 1722006212500))
      .then([
        observedOrder({ source: 'ws' }),
        {
          type: 'OrderSubmissionResolved',
          schemaVersion: 1,
          data: {
            clientOrderId: CLIENT_ORDER_ID,
            outcome: 'found',
            orderId: ORDER_ID,
            evidence: { kind: 'observation', source: 'ws', venueUpdateTime: 1722006209989 },
            uncertainSince: 1722006210000,
            resolvedAt: 1722006212500,
            tookMs: 2500,
          },
        },
      ]);
  });

  it('resolves as absent after the lookups, and a later sighting becomes a break', () => {
    const absent: SpotOrderEvent = {
      type: 'OrderSubmissionResolved',
      schemaVersion: 1,
      data: {
        clientOrderId: CLIENT_ORDER_ID,
        outcome: 'absent',
        orderId: null,
        evidence: {
          kind: 'lookups-not-found',
          lookups: 4,
          venueCode: '0211',
          venueMessage: 'Order not found',
        },
        uncertainSince: 1722006210000,
        resolvedAt: 1722006240000,
        tookMs: 30000,
      },
    };
    spec
      .given([spotOrderRequested(), uncertain])
      .when({
        type: 'ResolveSubmissionAbsent',
        lookups: 4,
        venueCode: '0211',
        venueMessage: 'Order not found',
        now: 1722006240000,
      })
      .then([absent]);
    spec
      .given([spotOrderRequested(), uncertain, absent])
      .when(recordOrder())
      .thenEventTypes(['SpotOrderObserved', 'ReconciliationBreakDetected']);
  });

  it('cannot resolve a submission that is not uncertain', () => {
    spec
      .given([spotOrderRequested(), accepted])
      .when({ type: 'ResolveSubmissionAbsent', lookups: 1, venueCode: null, venueMessage: null, now: 1 })
      .thenFails(DomainErrorCode.SubmissionNotUncertain);
  });
});

describe('spot order: folding venue reports', () => {
  it('a terminal order never reopens', () => {
    spec
      .given([
        observedOrder({ status: 'FILLED', executedQty: '1', cumulativeQuoteQty: '3000', updateTime: 20 }),
        observedFill({ qty: '1' }),
      ])
      .when(recordOrder({ status: 'NEW', updateTime: 30 }))
      .then([]);
  });

  it('executed quantity never decreases, even when the smaller report is newer', () => {
    spec
      .given([
        observedOrder({
          status: 'PARTIALLY_FILLED',
          executedQty: '0.5',
          cumulativeQuoteQty: '1500',
          updateTime: 20,
        }),
      ])
      .when(
        recordOrder({
          status: 'PARTIALLY_FILLED',
          executedQty: '0.3',
          cumulativeQuoteQty: '900',
          updateTime: 30,
        }),
      )
      .thenState((state) => {
        expect(state.executedQty).toBe('0.5');
        expect(state.cumulativeQuoteQty).toBe('1500');
      });
  });

  it('a later updateTime wins among equal statuses', () => {
    spec
      .given([observedOrder({ status: 'NEW', updateTime: 20, timeInForce: 'GTC' })])
      .when(recordOrder({ status: 'NEW', updateTime: 30, timeInForce: 'IOC' }))
      .thenState((state) => expect(state.venue?.updateTime).toBe(30));
  });

  it('an exact duplicate report records nothing', () => {
    spec.given([observedOrder()]).when(recordOrder()).then([]);
  });

  it('an order known first by clientOrderId folds its first venue report into the same aggregate', () => {
    spec
      .given([spotOrderRequested(), accepted])
      .when(recordOrder({ status: 'PARTIALLY_FILLED', executedQty: '0.4', cumulativeQuoteQty: '1200' }))
      .thenState((state) => {
        expect(state.clientOrderId).toBe(CLIENT_ORDER_ID);
        expect(state.orderId).toBe(ORDER_ID);
        expect(state.venue?.status).toBe('PARTIALLY_FILLED');
      });
  });

  it('refuses a report of another order', () => {
    spec
      .given([spotOrderRequested()])
      .when(recordOrder({ clientOrderId: 'oms-other', orderId: '42' }))
      .thenFails(DomainErrorCode.ObservationForAnotherStream, 'observation.orderId');
  });

  it('the same clientOrderId with another orderId is a break, not folded', () => {
    spec
      .given([spotOrderRequested(), accepted])
      .when(recordOrder({ orderId: '999' }))
      .thenState((state, events) => {
        expect(events.map((event) => event.type)).toEqual(['ReconciliationBreakDetected']);
        expect(state.orderId).toBe(ORDER_ID);
        expect(Object.values(state.breaks)[0].kind).toBe('order-identity-mismatch');
      });
  });

  it('two different terminal statuses become a reconciliation break with both sides', () => {
    spec
      .given([
        observedOrder({ status: 'FILLED', executedQty: '1', cumulativeQuoteQty: '3000', updateTime: 20 }),
        observedFill({ qty: '1' }),
      ])
      .when(recordOrder({ status: 'REJECTED', updateTime: 30 }))
      .thenState((state, events) => {
        expect(events.map((event) => event.type)).toEqual([
          'SpotOrderObserved',
          'ReconciliationBreakDetected',
        ]);
        const [found] = Object.values(state.breaks);
        expect(found.kind).toBe('status-contradiction');
        expect(found.oms.status).toBe('FILLED');
        expect(found.venue.status).toBe('REJECTED');
        expect(state.venue?.status).toBe('FILLED');
      });
  });

  it('an executed quantity beyond the order quantity is an overfill break, not a correction', () => {
    spec
      .given([observedOrder()])
      .when(recordOrder({ status: 'FILLED', executedQty: '1.2', cumulativeQuoteQty: '3600', updateTime: 99 }))
      .thenState((state) => {
        expect(state.executedQty).toBe('1.2');
        expect(Object.values(state.breaks).map((found) => found.breakId)).toContain(
          `${CLIENT_ORDER_ID}:overfill:executed`,
        );
      });
  });
});

describe('spot order: fills', () => {
  it('a fill counts once, whichever source saw it first, and the later source adds the fee', () => {
    spec
      .given([observedOrder(), observedFill({ source: 'ws', fee: null })])
      .when(recordFill({ source: 'rest-poll' }))
      .thenState((state) => {
        const fills = Object.values(state.fills);
        expect(fills).toHaveLength(1);
        expect(fills[0].qty).toBe('0.4');
        expect(fills[0].fee).toEqual({ asset: 'ETH', amount: '0.0004' });
        expect(fills[0].sources).toEqual(['rest-poll', 'ws']);
      });
  });

  it('an identical fill report records nothing', () => {
    spec.given([observedOrder(), observedFill()]).when(recordFill()).then([]);
  });

  it('two reports of one fill with different quantities become a break', () => {
    spec
      .given([observedOrder(), observedFill()])
      .when(recordFill({ qty: '0.5' }))
      .thenEventTypes(['SpotFillObserved', 'ReconciliationBreakDetected']);
  });

  it('infers a fill with a deterministic id when the cumulative quantity runs ahead of the fills', () => {
    spec
      .given([observedOrder()])
      .when(
        recordOrder({
          status: 'PARTIALLY_FILLED',
          executedQty: '0.4',
          cumulativeQuoteQty: '1196',
          updateTime: 50,
        }),
      )
      .then([
        observedOrder({
          status: 'PARTIALLY_FILLED',
          executedQty: '0.4',
          cumulativeQuoteQty: '1196',
          updateTime: 50,
        }),
        {
          type: 'OrderFillInferred',
          schemaVersion: 1,
          data: {
            fill: {
              fillId: `inferred:${ORDER_ID}:0.4:0`,
              price: '2990',
              qty: '0.4',
              executedQty: '0.4',
              realFilledQty: '0',
            },
          },
        },
      ]);
  });

  it('replaces the inferred fill by the real one when it arrives', () => {
    const partially = {
      status: 'PARTIALLY_FILLED' as const,
      executedQty: '0.4',
      cumulativeQuoteQty: '1200',
      updateTime: 50,
    };
    const given = [observedOrder(partially)];
    const inferred = spotOrderDecider.decide(recordOrder(partially), spotOrderDecider.initialState);
    expect(Array.isArray(inferred)).toBe(true);
    spec
      .given([...given, ...(inferred as SpotOrderEvent[]).slice(1)])
      .when(recordFill())
      .thenState((state, events) => {
        expect(events.map((event) => event.type)).toEqual(['SpotFillObserved', 'InferredFillRetired']);
        expect(state.inferredFills).toEqual({});
      });
  });
});

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

  it('refuses to cancel an order that was never placed', () => {
    spec
      .given([spotOrderRequested()])
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

  it('refuses to resolve an unknown break', () => {
    spec
      .given(contradiction)
      .when({ type: 'ResolveReconciliationBreak', breakId: 'nope', actor: 'ops:bob', note: '', now: 5000 })
      .thenFails(DomainErrorCode.UnknownReconciliationBreak, 'breakId');
  });
});
