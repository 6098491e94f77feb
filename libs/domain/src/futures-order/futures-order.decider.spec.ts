import { DomainErrorCode } from '../shared/domain-error';
import { deciderSpecification } from '../test-support/decider-specification';
import {
  FUTURES_CLIENT_ORDER_ID,
  FUTURES_ORDER_ID,
  futuresFillObservation,
  futuresOrderObservation,
} from '../test-support/futures-builders';
import { baseQuantity, positionEffect } from './contract-quantity';
import { FuturesOrderRequest } from './futures-order-request';
import { futuresOrderDecider } from './futures-order.decider';
import { FuturesOrderEvent } from './futures-order.types';

const spec = deciderSpecification(futuresOrderDecider);
const request: FuturesOrderRequest = {
  product: 'futures',
  accountId: '1735619524953226496',
  symbol: 'ETHUSDT-PERPETUAL',
  side: 'BUY_OPEN',
  priceType: 'INPUT',
  quantity: '10',
  price: '2561.75',
  timeInForce: 'GTC',
};
const requested: FuturesOrderEvent = {
  type: 'OrderSubmissionRequested',
  schemaVersion: 1,
  data: { clientOrderId: FUTURES_CLIENT_ORDER_ID, actor: 'desk:carol', requestedAt: 1, request },
};
const observed = (overrides: Parameters<typeof futuresOrderObservation>[0] = {}): FuturesOrderEvent => ({
  type: 'FuturesOrderObserved',
  schemaVersion: 1,
  data: futuresOrderObservation(overrides),
});

describe('futures order', () => {
  it('records a request in whole contracts', () => {
    spec
      .given([])
      .when({
        type: 'PlaceFuturesOrder',
        clientOrderId: FUTURES_CLIENT_ORDER_ID,
        actor: 'desk:carol',
        request,
        now: 1,
      })
      .then([requested]);
  });

  it('refuses a fractional number of contracts, naming the field', () => {
    spec
      .given([])
      .when({
        type: 'PlaceFuturesOrder',
        clientOrderId: FUTURES_CLIENT_ORDER_ID,
        actor: 'desk:carol',
        request: { ...request, quantity: '1.5' },
        now: 1,
      })
      .thenFails(DomainErrorCode.InvalidField, 'request.quantity');
  });

  it('refuses a price on a market order', () => {
    spec
      .given([])
      .when({
        type: 'PlaceFuturesOrder',
        clientOrderId: FUTURES_CLIENT_ORDER_ID,
        actor: 'desk:carol',
        request: { ...request, priceType: 'MARKET' },
        now: 1,
      })
      .thenFails(DomainErrorCode.InvalidField, 'request.price');
  });

  it('identifies a fill by the ticket id T, so the stream and the poll count it once', () => {
    // ticketInfo has T but no tradeId; the userTrades row has both (seeds: tradeId and ticketId).
    const wsFill = futuresFillObservation({
      source: 'ws',
      tradeId: null,
      fee: null,
      realizedPnl: null,
      orderSide: null,
    });
    spec
      .given([
        requested,
        observed({ status: 'PARTIALLY_FILLED', executedQty: '4', cumulativeQuoteQty: '9853.44' }),
      ])
      .when({ type: 'RecordFuturesFillObservation', observation: wsFill, now: 2 })
      .thenState((state) => {
        const afterPoll = futuresOrderDecider.decide(
          { type: 'RecordFuturesFillObservation', observation: futuresFillObservation(), now: 3 },
          state,
        );
        const events = afterPoll as FuturesOrderEvent[];
        const final = events.reduce(futuresOrderDecider.evolve, state);
        expect(final.recentFills.map((fill) => fill.fillId)).toEqual(['1747358716187197441']);
        expect(final.recentFills[0]).toMatchObject({
          qty: '4',
          realizedPnl: '0',
          fee: { asset: 'USDT', amount: '0.001478016' },
          sources: ['rest-poll', 'ws'],
        });
        expect(final.inferredFills).toEqual({});
      });
  });

  it('counts a poll row without a ticket id by its tradeId, and refuses a fill with neither id', () => {
    const withoutTicket = futuresFillObservation({ ticketId: null, tradeId: '1744405140125908224' });
    spec
      .given([requested])
      .when({ type: 'RecordFuturesFillObservation', observation: withoutTicket, now: 2 })
      .thenState((state) =>
        expect(state.recentFills.map((fill) => fill.fillId)).toEqual(['1744405140125908224']),
      );
    spec
      .given([requested])
      .when({
        type: 'RecordFuturesFillObservation',
        observation: futuresFillObservation({ ticketId: null, tradeId: null }),
        now: 2,
      })
      .thenFails(DomainErrorCode.MissingField, 'observation.ticketId');
  });

  it('infers a fill in contracts priced from the cumulative quote value', () => {
    spec
      .given([requested, observed()])
      .when({
        type: 'RecordFuturesOrderObservation',
        observation: futuresOrderObservation({
          status: 'PARTIALLY_FILLED',
          executedQty: '4',
          cumulativeQuoteQty: '9853.44',
          updateTime: 2 ** 41,
        }),
        now: 5,
      })
      .thenState((state) =>
        expect(Object.values(state.inferredFills)).toEqual([
          {
            fillId: `inferred:${FUTURES_ORDER_ID}:4:0`,
            price: '2463.36',
            qty: '4',
            executedQty: '4',
            realFilledQty: '0',
          },
        ]),
      );
  });

  it('a cancel acknowledgement that still says NEW does not cancel (real ack shape)', () => {
    const cancelRequested: FuturesOrderEvent = {
      type: 'OrderCancelRequested',
      schemaVersion: 1,
      data: { actor: 'desk:carol', requestedAt: 10 },
    };
    spec
      .given([requested, observed(), cancelRequested])
      .when({
        type: 'RecordFuturesCancelAccepted',
        acknowledgement: futuresOrderObservation({
          source: 'rest-ack',
          acknowledgedRequest: 'cancel',
          updateTime: 1723037391200,
        }),
        now: 11,
      })
      .thenState((state) => {
        expect(state.venue?.status).toBe('NEW');
        expect(state.cancel).toMatchObject({ phase: 'requested', acknowledgedAt: 11 });
      });
  });

  it('converts contracts to base quantity with the multiplier and maps sides to hedge positions', () => {
    expect(baseQuantity('10', '0.001')).toBe('0.01');
    expect(positionEffect('SELL_CLOSE')).toEqual({ position: 'LONG', opens: false });
    expect(positionEffect('BUY_CLOSE')).toEqual({ position: 'SHORT', opens: false });
  });
});
