import {
  contractExecutionReportSchema,
  futuresStopOrderListSchema,
  futuresStopOrderSchema,
} from '@oms/exchange';
import type { RunningVenue } from '@oms/venue';
import { PrivateStreamClient } from '../test-support/private-stream-client';
import { startTestVenue } from '../test-support/test-venue';
import { expectDecimal, futuresWallet } from '../test-support/venue-assertions';
import type { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

const SYMBOL = 'ETHUSDT-PERPETUAL';

/**
 * The two STOP outcomes decided at trigger time, seen over REST and the private stream:
 * ORDER_NOT_EFFECTIVE (a CLOSE stop finds nothing to close) and ORDER_REJECTED (the
 * order the stop creates fails the margin check). Neither creates a limit-type order.
 */
describe('futures STOP statuses ORDER_NOT_EFFECTIVE and ORDER_REJECTED over HTTP and WebSocket', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  const streams: PrivateStreamClient[] = [];

  beforeAll(async () => {
    ({ venue, control } = await startTestVenue(45));
  });

  afterAll(async () => {
    await Promise.all(streams.map((stream) => stream.close()));
    await venue.stop();
  });

  async function traderWithStream(futuresUsdt: string) {
    const { client } = await control.createTrader(venue.restUrl, { futures: { USDT: futuresUsdt } });
    const created = await client.signed('POST', '/api/v1/userDataStream');
    const stream = await PrivateStreamClient.connect(venue.streamUrl, created.body.listenKey);
    streams.push(stream);
    return { client, stream };
  }

  async function expectStopEverywhere(
    client: VenueTestClient,
    stream: PrivateStreamClient,
    stop: { orderId: string; clientOrderId: string },
    status: 'ORDER_NOT_EFFECTIVE' | 'ORDER_REJECTED',
  ) {
    const queried = futuresStopOrderSchema.parse(
      (await client.signed('GET', '/api/v1/futures/order', { orderId: stop.orderId, type: 'STOP' })).body,
    );
    expect(queried).toMatchObject({ orderId: stop.orderId, type: 'STOP', status });
    const open = futuresStopOrderListSchema.parse(
      (await client.signed('GET', '/api/v1/futures/openOrders', { symbol: SYMBOL, type: 'STOP' })).body,
    );
    expect(open).toEqual([]);
    const history = futuresStopOrderListSchema.parse(
      (await client.signed('GET', '/api/v1/futures/historyOrders', { symbol: SYMBOL, type: 'STOP' })).body,
    );
    expect(history.map((order) => [order.orderId, order.status])).toEqual([[stop.orderId, status]]);
    // No limit-type order was created under the stop's client id.
    const limit = await client.signed('GET', '/api/v1/futures/order', {
      clientOrderId: stop.clientOrderId,
      type: 'LIMIT',
    });
    expect(limit.body.code).toBe('-1143');
    // A stop that ended this way cannot be cancelled.
    const cancel = await client.signed('DELETE', '/api/v1/futures/order', {
      orderId: stop.orderId,
      type: 'STOP',
    });
    expect(cancel.body.code).toBe('-1142');

    const reportsOfStop = () =>
      stream
        .events('contractExecutionReport')
        .map((event) => contractExecutionReportSchema.parse(event))
        .filter((report) => report.i === stop.orderId);
    await stream.waitFor(() => reportsOfStop().some((report) => report.X === status));
    expect(reportsOfStop().map((report) => [report.o, report.X, report.w])).toEqual([
      ['STOP', 'ORDER_NEW', true],
      ['STOP', status, false],
    ]);
    expect(reportsOfStop()[1]).toMatchObject({ c: stop.clientOrderId, s: SYMBOL, z: '0' });
  }

  it('ends a SELL_CLOSE stop without a position as ORDER_NOT_EFFECTIVE when the mark reaches it', async () => {
    await control.ok('POST', '/marks', { symbol: SYMBOL, price: '3000' });
    const { client, stream } = await traderWithStream('1000');
    const placed = await client.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'SELL_CLOSE',
      type: 'STOP',
      quantity: 5,
      stopPrice: '2900',
      price: '2890',
      clientOrderId: 'protect-nothing',
    });
    expect(placed.body).toMatchObject({ type: 'STOP', status: 'ORDER_NEW' });

    await control.ok('POST', '/marks', { symbol: SYMBOL, price: '2900' });

    await expectStopEverywhere(client, stream, placed.body, 'ORDER_NOT_EFFECTIVE');
    expect(stream.events('outboundContractPositionInfo')).toEqual([]);
  });

  it('ends a BUY_OPEN stop the margin check refuses as ORDER_REJECTED, locking nothing', async () => {
    await control.ok('POST', '/marks', { symbol: SYMBOL, price: '3000' });
    // 10 contracts at market from the 3100 stop: protection price 3100 x 1.05 = 3255,
    // margin 3255 x 10 x 0.001 / 5 = 6.51 plus taker fees 32.55 x 0.0012 = 0.03906,
    // 6.54906 in all, against a wallet of 5.
    const { client, stream } = await traderWithStream('5');
    const placed = await client.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'STOP',
      quantity: 10,
      stopPrice: '3100',
      priceType: 'MARKET',
      clientOrderId: 'breakout-unfunded',
    });
    expect(placed.body).toMatchObject({ type: 'STOP', status: 'ORDER_NEW' });

    await control.ok('POST', '/marks', { symbol: SYMBOL, price: '3100' });

    await expectStopEverywhere(client, stream, placed.body, 'ORDER_REJECTED');
    const wallet = await futuresWallet(client);
    expectDecimal(wallet.balance, '5');
    expectDecimal(wallet.availableBalance, '5');
    expectDecimal(wallet.orderMargin, '0');
  });
});
