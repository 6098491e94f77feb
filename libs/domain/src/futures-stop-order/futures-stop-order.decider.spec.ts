import { DomainErrorCode } from '../shared/domain-error';
import { deciderSpecification } from '../test-support/decider-specification';
import { stopOrderObservation } from '../test-support/futures-builders';
import { futuresStopOrderDecider, stopOrderPhase } from './futures-stop-order.decider';
import { FuturesStopOrderRequest } from './futures-stop-order-request';
import { FuturesStopOrderEvent } from './futures-stop-order.types';

const spec = deciderSpecification(futuresStopOrderDecider);
const request: FuturesStopOrderRequest = {
  product: 'futures-stop',
  accountId: '1735619524953226496',
  symbol: 'ETHUSDT-PERPETUAL',
  side: 'SELL_CLOSE',
  quantity: '10',
  stopPrice: '3600',
  price: '3700',
};
const requested: FuturesStopOrderEvent = {
  type: 'OrderSubmissionRequested',
  schemaVersion: 1,
  data: { clientOrderId: 'oms-01JSTOP0001', actor: 'desk:carol', requestedAt: 1, request },
};
const observed = (overrides: Parameters<typeof stopOrderObservation>[0] = {}): FuturesStopOrderEvent => ({
  type: 'FuturesStopOrderObserved',
  schemaVersion: 1,
  data: stopOrderObservation(overrides),
});
const record = (overrides: Parameters<typeof stopOrderObservation>[0] = {}, now = 50) => ({
  type: 'RecordFuturesStopOrderObservation' as const,
  observation: stopOrderObservation(overrides),
  now,
});

describe('futures stop order', () => {
  it('records a trigger order request with its stop price', () => {
    spec
      .given([])
      .when({
        type: 'PlaceFuturesStopOrder',
        clientOrderId: 'oms-01JSTOP0001',
        actor: 'desk:carol',
        request,
        now: 1,
      })
      .then([requested]);
  });

  it('refuses a stop order without a stop price, naming the field', () => {
    spec
      .given([])
      .when({
        type: 'PlaceFuturesStopOrder',
        clientOrderId: 'oms-01JSTOP0001',
        actor: 'desk:carol',
        request: { ...request, stopPrice: '' },
        now: 1,
      })
      .thenFails(DomainErrorCode.MissingField, 'request.stopPrice');
  });

  it('a create acknowledgement in ORDER_NEW accepts it and leaves it waiting for the trigger', () => {
    spec
      .given([requested])
      .when({
        type: 'RecordStopSubmissionAccepted',
        acknowledgement: stopOrderObservation({ source: 'rest-ack', acknowledgedRequest: 'create' }),
        now: 2,
      })
      .thenState((state, events) => {
        expect(events.map((event) => event.type)).toEqual(['OrderAccepted', 'FuturesStopOrderObserved']);
        expect(stopOrderPhase(state)).toBe('waiting-for-trigger');
      });
  });

  it('ORDER_FILLED means triggered, and the created limit order is linked', () => {
    spec
      .given([requested, observed()])
      .when(
        record({
          status: 'ORDER_FILLED',
          updateTime: 1722433195688,
          triggeredOrderId: '1742290000000000000',
        }),
      )
      .thenState((state) => {
        expect(stopOrderPhase(state)).toBe('triggered');
        expect(state.triggeredOrderId).toBe('1742290000000000000');
      });
  });

  it('links the triggered order when the OMS finds it, once', () => {
    const linked: FuturesStopOrderEvent = {
      type: 'TriggeredOrderLinked',
      schemaVersion: 1,
      data: { stopOrderId: '1742289518466225664', triggeredOrderId: '77', linkedAt: 9 },
    };
    spec
      .given([requested, observed({ status: 'ORDER_FILLED' })])
      .when({ type: 'LinkTriggeredOrder', triggeredOrderId: '77', now: 9 })
      .then([linked]);
    spec
      .given([requested, observed({ status: 'ORDER_FILLED' }), linked])
      .when({ type: 'LinkTriggeredOrder', triggeredOrderId: '77', now: 10 })
      .then([]);
    spec
      .given([requested, observed({ status: 'ORDER_FILLED' }), linked])
      .when({ type: 'LinkTriggeredOrder', triggeredOrderId: '78', now: 10 })
      .thenEventTypes(['ReconciliationBreakDetected']);
  });

  it('a canceled stop never reopens', () => {
    spec
      .given([observed({ status: 'ORDER_CANCELED', updateTime: 9e12 })])
      .when(record({ status: 'ORDER_NEW' }))
      .then([]);
  });

  it('canceled and triggered for the same stop is a break', () => {
    spec
      .given([observed({ status: 'ORDER_CANCELED', updateTime: 10 })])
      .when(record({ status: 'ORDER_FILLED', updateTime: 11 }))
      .thenState((state, events) => {
        expect(events.map((event) => event.type)).toEqual([
          'FuturesStopOrderObserved',
          'ReconciliationBreakDetected',
        ]);
        expect(Object.values(state.breaks)[0].kind).toBe('status-contradiction');
      });
  });

  it('a cancel is confirmed by ORDER_CANCELED, not by its acknowledgement', () => {
    const cancelRequested: FuturesStopOrderEvent = {
      type: 'OrderCancelRequested',
      schemaVersion: 1,
      data: { actor: 'desk:carol', requestedAt: 20 },
    };
    const live = [requested, observed(), cancelRequested];
    spec
      .given(live)
      .when({
        type: 'RecordStopCancelAccepted',
        acknowledgement: stopOrderObservation({
          source: 'rest-ack',
          acknowledgedRequest: 'cancel',
          updateTime: 1722433095700,
        }),
        now: 21,
      })
      .thenState((state) => expect(state.cancel.phase).toBe('requested'));
    spec
      .given(live)
      .when(record({ status: 'ORDER_CANCELED', updateTime: 1722433095800 }, 30))
      .thenState((state) =>
        expect(state.cancel).toEqual({
          phase: 'resolved',
          actor: 'desk:carol',
          requestedAt: 20,
          outcome: 'canceled',
          resolvedAt: 30,
        }),
      );
  });

  it('refuses to cancel a triggered stop', () => {
    spec
      .given([requested, observed({ status: 'ORDER_FILLED' })])
      .when({ type: 'RequestCancel', actor: 'desk:carol', now: 5 })
      .thenFails(DomainErrorCode.OrderAlreadyTerminal);
  });
});
