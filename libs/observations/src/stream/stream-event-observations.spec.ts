import { z } from 'zod';
import { userStreamEventSchema } from '@oms/exchange';
import { venueFixture } from '../test-support/venue-fixtures';
import { streamEventObservations, StreamMappingContext } from './stream-event-observations';

const streamMessages = z.array(userStreamEventSchema);
const noStops: StreamMappingContext = { stopPriceOf: () => undefined };

function mapFixture(name: string, context = noStops) {
  const [message] = venueFixture(name, streamMessages);
  return { message, mapping: streamEventObservations('desk-1', message, context) };
}

describe('private stream messages -> observations (source ws)', () => {
  it('a spot executionReport becomes a SpotOrderObserved with the venue time and the message as raw', () => {
    const { message, mapping } = mapFixture('ws_private_executionReport_spot');
    expect(mapping.observations).toHaveLength(1);
    const [{ event, raw }] = mapping.observations;
    expect(raw).toBe(message);
    expect(event).toMatchObject({
      type: 'SpotOrderObserved',
      schemaVersion: 1,
      data: {
        accountId: 'desk-1',
        symbol: 'ETHUSD',
        orderId: 'EOID1',
        clientOrderId: 'OID1',
        status: 'PARTIALLY_FILLED',
        executedQty: '0.5',
        requestedAmount: '1000',
        updateTime: 1499405658658,
        source: 'ws',
        acknowledgedRequest: null,
      },
    });
  });

  it('a futures contractExecutionReport becomes a FuturesOrderObserved in contracts', () => {
    const { mapping } = mapFixture('ws_private_contractExecutionReport');
    expect(mapping.observations[0].event).toMatchObject({
      type: 'FuturesOrderObserved',
      data: {
        symbol: 'ETHUSDT-PERPETUAL',
        orderId: '1747358716129257216',
        side: 'BUY_OPEN',
        status: 'FILLED',
        executedQty: '1',
        cumulativeQuoteQty: '2463.36',
        leverage: '5',
        priceType: null,
        updateTime: 1723037391181,
        source: 'ws',
      },
    });
  });

  it('a STOP report without a known trigger price asks for a poll instead of guessing', () => {
    const [report] = venueFixture('ws_private_contractExecutionReport', streamMessages);
    const stop = { ...report, o: 'STOP', X: 'ORDER_NEW' } as typeof report;
    expect(streamEventObservations('desk-1', stop, noStops)).toEqual({
      observations: [],
      stopOrdersToPoll: [{ symbol: 'ETHUSDT-PERPETUAL', orderId: '1747358716129257216' }],
    });
    const known = streamEventObservations('desk-1', stop, { stopPriceOf: () => '2400' });
    expect(known.observations[0].event).toMatchObject({
      type: 'FuturesStopOrderObserved',
      data: { stopPrice: '2400', status: 'ORDER_NEW', source: 'ws' },
    });
  });

  it('ticketInfo is a spot or futures fill identified by the ticket id T, without a fee', () => {
    const spot = mapFixture('ws_private_ticketInfo_spot').mapping.observations[0].event;
    expect(spot).toMatchObject({
      type: 'SpotFillObserved',
      schemaVersion: 2,
      data: { ticketId: '899062000267837441', orderId: '899048013515737344', qty: '0.001639', fee: null },
    });
    const futures = mapFixture('ws_private_ticketInfo_futures').mapping.observations[0].event;
    expect(futures).toMatchObject({
      type: 'FuturesFillObserved',
      data: {
        ticketId: '1747358716187197441',
        tradeId: null,
        direction: 'BUY',
        quantity: '1',
        price: '2463.36',
        tradeTime: 1723037391147,
      },
    });
  });

  it('balance messages give one observation per asset; the futures wallet is free + locked', () => {
    const spot = mapFixture('ws_private_outboundAccountInfo_spot').mapping.observations;
    expect(spot.map((o) => o.event)).toEqual([
      {
        type: 'SpotBalanceObserved',
        schemaVersion: 1,
        data: {
          accountId: 'desk-1',
          asset: 'ETH',
          free: '10000',
          locked: '500',
          venueTime: 1629969654753,
          source: 'ws',
        },
      },
    ]);
    const futures = mapFixture('ws_private_outboundContractAccountInfo').mapping.observations[0].event;
    expect(futures).toMatchObject({
      type: 'FuturesBalanceObserved',
      data: { asset: 'USDT', walletBalance: '499795.828056020383226869', available: '474960.65' },
    });
  });

  it('a position message becomes a FuturesPositionObserved', () => {
    const { mapping } = mapFixture('ws_private_outboundContractPositionInfo');
    expect(mapping.observations[0].event).toMatchObject({
      type: 'FuturesPositionObserved',
      data: {
        symbol: 'ETHUSDT-PERPETUAL',
        side: 'LONG',
        position: '2',
        avgPrice: '2429.6',
        realizedPnl: '-0.0029',
      },
    });
  });

  it('a value the domain refuses throws, naming the field, so the caller can dead-letter it', () => {
    const [report] = venueFixture('ws_private_contractExecutionReport', streamMessages);
    const unknownType = { ...report, o: 'ICEBERG' } as typeof report;
    expect(() => streamEventObservations('desk-1', unknownType, noStops)).toThrow(/observation\.type/);
  });
});
