import {
  futuresLimitOrderSchema,
  futuresStopOrderListSchema,
  pairBatchEntries,
  spotCancelAckSchema,
  spotOrderAckSchema,
} from '@oms/exchange';
import { venueFixture } from '../test-support/venue-fixtures';
import {
  futuresOrderAckObservation,
  spotBatchAckObservations,
  spotOrderAckObservation,
} from './order-ack-observations';
import { uncertaintyReasonOf } from './uncertainty-reason';

describe('answers to the OMS writes -> observations (source rest-ack)', () => {
  it('a spot cancel answer still saying NEW is a cancel acknowledgement, not a creation', () => {
    const answer = venueFixture('rest_DELETE_api_v1_spot_order', spotCancelAckSchema);
    expect(spotOrderAckObservation('desk-1', answer, 'cancel').data).toMatchObject({
      status: 'NEW',
      source: 'rest-ack',
      acknowledgedRequest: 'cancel',
      createdAt: null,
      updateTime: 1722006209989,
    });
  });

  it('a spot create answer dates the creation at transactTime', () => {
    const answer = venueFixture('rest_POST_api_v1_spot_order_limit_maker', spotOrderAckSchema);
    const observed = spotOrderAckObservation('desk-1', answer, 'create').data;
    expect(observed.createdAt).toBe(observed.updateTime);
    expect(observed.acknowledgedRequest).toBe('create');
  });

  it('futures answers map by record type: limit orders and STOP orders', () => {
    const limit = venueFixture('rest_POST_api_v1_futures_order', futuresLimitOrderSchema);
    expect(futuresOrderAckObservation('desk-1', limit, 'create')).toMatchObject({
      type: 'FuturesOrderObserved',
      data: { priceType: 'MARKET', status: 'FILLED', source: 'rest-ack', acknowledgedRequest: 'create' },
    });
    const [stop] = venueFixture('rest_GET_api_v1_futures_openOrders_type_STOP', futuresStopOrderListSchema);
    expect(futuresOrderAckObservation('desk-1', stop, 'cancel').type).toBe('FuturesStopOrderObserved');
  });

  it('a batch gives one acknowledgement per accepted order and none for refused ones', () => {
    const answer = venueFixture('rest_POST_api_v1_spot_order_limit_maker', spotOrderAckSchema);
    const result = pairBatchEntries(
      '/api/v1/spot/batchOrders',
      [answer.clientOrderId, 'refused-1'],
      [
        { code: '0000', order: answer },
        { code: '0207', msg: 'Create limit order sell price too low' },
      ],
    );
    const observed = spotBatchAckObservations('desk-1', result);
    expect(observed.map((o) => o.data.clientOrderId)).toEqual([answer.clientOrderId]);
  });

  it.each(['http-5xx', 'timeout', 'connection-lost', 'venue-status-unknown', 'unreadable-response'] as const)(
    'the uncertain reason %s keeps its name in the domain',
    (reason) => {
      expect(uncertaintyReasonOf({ reason })).toBe(reason);
    },
  );
});
