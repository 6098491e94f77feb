import { DomainErrorCode } from '../shared/domain-error';
import { deciderSpecification } from '../test-support/decider-specification';
import {
  CLIENT_ORDER_ID,
  ORDER_ID,
  observedFill,
  observedOrder,
  recordFill,
  recordOrder,
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
        const fills = state.recentFills;
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

describe('spot order: market buy by cash amount (real GET /api/v1/spot/order capture)', () => {
  it('origQty "0" is not an overfill, and the missing fill is priced from the quote value', () => {
    spec
      .given([])
      .when(
        recordOrder({
          orderId: '1738695230608169984',
          clientOrderId: '1722004623170558',
          type: 'MARKET',
          timeInForce: 'IOC',
          price: '0',
          origQty: '0',
          requestedAmount: '20',
          executedQty: '0.0061',
          cumulativeQuoteQty: '19.736489',
          avgPrice: '3235.49',
          status: 'FILLED',
          createdAt: 1722004623186,
          updateTime: 1722004623406,
          source: 'rest-poll',
        }),
      )
      .thenState((state) => {
        expect(state.breaks).toEqual({});
        expect(Object.values(state.inferredFills)).toEqual([
          {
            fillId: 'inferred:1738695230608169984:0.0061:0',
            price: '3235.49',
            qty: '0.0061',
            executedQty: '0.0061',
            realFilledQty: '0',
          },
        ]);
      });
  });
});
