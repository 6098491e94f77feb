import { futuresFillObservation, positionObservation } from '../test-support/futures-builders';
import { spotFillObservation, spotOrderObservation } from '../test-support/spot-builders';
import { routeObservation } from './observation-routing';

describe('observation routing', () => {
  it('routes a report of an order the OMS placed to the stream opened at submission', () => {
    expect(
      routeObservation({ type: 'SpotOrderObserved', schemaVersion: 1, data: spotOrderObservation() }),
    ).toEqual({
      kind: 'stream',
      streamId: 'spot-order:1732885739589466112:c-oms-01JDESK0001',
    });
  });

  it('routes an order placed elsewhere by its venue order id', () => {
    const data = spotFillObservation({ clientOrderId: '1722082982086472' });
    expect(routeObservation({ type: 'SpotFillObserved', schemaVersion: 2, data })).toEqual({
      kind: 'stream',
      streamId: `spot-order:${data.accountId}:o-${data.orderId}`,
    });
  });

  it('asks for a look-up when a fill carries no clientOrderId (REST futures trades)', () => {
    const data = futuresFillObservation({ clientOrderId: null });
    expect(routeObservation({ type: 'FuturesFillObserved', schemaVersion: 1, data })).toEqual({
      kind: 'look-up-order-id',
      accountId: data.accountId,
      orderId: data.orderId,
      fallbackStreamId: `futures-order:${data.accountId}:o-${data.orderId}`,
    });
  });

  it('routes a position snapshot to its hedge side', () => {
    expect(
      routeObservation({
        type: 'FuturesPositionObserved',
        schemaVersion: 1,
        data: positionObservation({ side: 'SHORT' }),
      }),
    ).toEqual({
      kind: 'stream',
      streamId: 'position:1735619524953226496:ETHUSDT-PERPETUAL:SHORT',
    });
  });
});
