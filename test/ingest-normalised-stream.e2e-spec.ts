import {
  readFuturesBalanceObservation,
  readFuturesFillObservation,
  readFuturesOrderObservation,
  readFuturesPositionObservation,
  readSpotBalanceObservation,
  readSpotFillObservation,
  readSpotOrderObservation,
  VenueObservationEvent,
} from '@oms/domain';
import { deterministicEventId, EventEnvelope } from '@oms/kafka';
import { identityOfObservation } from '@oms/observations';
import { HarnessAccount, IngestHarness } from '../apps/ingest/test-support/ingest-harness';

type Envelope = EventEnvelope<Record<string, unknown>>;
const PERP = 'BTCUSDT-PERPETUAL';

const readers: Record<string, (payload: unknown) => unknown> = {
  SpotOrderObserved: readSpotOrderObservation,
  SpotFillObserved: readSpotFillObservation,
  FuturesOrderObserved: readFuturesOrderObservation,
  FuturesFillObserved: readFuturesFillObservation,
  FuturesPositionObserved: readFuturesPositionObservation,
  SpotBalanceObserved: readSpotBalanceObservation,
  FuturesBalanceObserved: readFuturesBalanceObservation,
};

/** The eventId the contract asks for, recomputed from the payload the OMS will read. */
function expectedEventId(envelope: Envelope): string {
  const data = readers[envelope.type](envelope.payload);
  const event = { type: envelope.type, schemaVersion: envelope.schemaVersion, data } as VenueObservationEvent;
  return deterministicEventId('venue-observation', identityOfObservation(event));
}

describe('ingest: every private stream message type arrives normalised, keyed and with its raw payload', () => {
  const harness = new IngestHarness(101);
  let desk: HarnessAccount;
  let other: HarnessAccount;
  const observed = (): Envelope[] => harness.reader.envelopes(harness.topics.venueObservations);

  beforeAll(async () => {
    await harness.start();
    desk = await harness.addAccount('desk-1');
    other = await harness.addVenueUser('counterparty');
    await harness.startIngest({ INGEST_MARK_INTERVAL_MS: '300' });
    await harness.reader.waitFor(
      () => observed().find((e) => e.type === 'VenueStreamConnected' && e.accountId === 'desk-1'),
      'the stream of desk-1 to connect',
    );
  });

  afterAll(() => harness.close());

  it('spot and futures fills produce the six message types as ws observations, keyed account:symbol or account:asset', async () => {
    await other.trader.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'LIMIT',
      quantity: '0.5',
      price: '30000',
      newClientOrderId: 'cp-sell-1',
    });
    const spotBuy = await desk.trader.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.2',
      price: '30000',
      newClientOrderId: 'desk-buy-1',
    });
    expect(spotBuy.body.status).toBe('FILLED');
    await other.trader.signed('POST', '/api/v1/futures/order', {
      symbol: PERP,
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: 1000,
      price: '30000',
      priceType: 'INPUT',
      timeInForce: 'GTC',
      clientOrderId: 'cp-short-1',
    });
    const futuresBuy = await desk.trader.signed('POST', '/api/v1/futures/order', {
      symbol: PERP,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: 400,
      price: '30000',
      priceType: 'INPUT',
      timeInForce: 'GTC',
      clientOrderId: 'desk-long-1',
    });
    expect(futuresBuy.body.status).toBe('FILLED');

    const wanted = [
      'SpotOrderObserved',
      'SpotFillObserved',
      'SpotBalanceObserved',
      'FuturesOrderObserved',
      'FuturesFillObserved',
      'FuturesBalanceObserved',
      'FuturesPositionObserved',
    ];
    await harness.reader.waitFor(
      () =>
        wanted.every((type) =>
          observed().some((e) => e.type === type && e.source === 'ws' && e.accountId === 'desk-1'),
        ),
      'one ws observation of every type',
    );
    const messages = harness.reader.messages.filter((m) => m.topic === harness.topics.venueObservations);
    for (const type of wanted) {
      const envelope = observed().find((e) => e.type === type && e.source === 'ws')!;
      const message = messages.find((m) => (JSON.parse(m.text) as Envelope).eventId === envelope.eventId)!;
      const isBalance = type.endsWith('BalanceObserved');
      expect(message.key).toBe(`desk-1:${envelope.symbol}`);
      if (!isBalance) expect(envelope.symbol).toBe(envelope.payload.symbol);
      else expect(envelope.symbol).toBe(envelope.payload.asset);
      expect(envelope.eventId).toBe(expectedEventId(envelope));
      expect(envelope.observedAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
      expect(envelope.venueTime).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
      expect(message.headers['x-event-id']).toBe(envelope.eventId);
      // The raw venue message is kept inside the payload as the venue's text, with its own field letters.
      expect(JSON.parse(envelope.payload.raw as string)).toEqual(
        expect.objectContaining({ e: expect.any(String), E: expect.any(String) }),
      );
    }
    const spotFill = observed().find((e) => e.type === 'SpotFillObserved' && e.source === 'ws')!;
    expect(spotFill.payload).toMatchObject({
      clientOrderId: 'desk-buy-1',
      qty: '0.2',
      price: '30000',
      side: 'BUY',
      fee: null,
    });
    const futuresFill = observed().find((e) => e.type === 'FuturesFillObserved' && e.source === 'ws')!;
    expect(futuresFill.payload).toMatchObject({
      clientOrderId: 'desk-long-1',
      quantity: '400',
      direction: 'BUY',
    });
    expect(futuresFill.payload.ticketId).toEqual(
      String((JSON.parse(futuresFill.payload.raw as string) as { T: string | number }).T),
    );
  });

  it('stream health: a venue close gives Disconnected, then GapDetected and Connected, keyed account:-stream', async () => {
    await harness.control.ok('POST', '/faults/stream/close', {});
    const gap = await harness.reader.waitFor(
      () => observed().find((e) => e.type === 'VenueStreamGapDetected' && e.accountId === 'desk-1'),
      'a gap event',
    );
    expect(gap.symbol).toBe('-stream');
    const health = observed()
      .filter((e) => e.symbol === '-stream')
      .map((e) => e.type);
    expect(health).toEqual([
      'VenueStreamConnected',
      'VenueStreamDisconnected',
      'VenueStreamGapDetected',
      'VenueStreamConnected',
    ]);
    const keys = harness.reader.messages
      .filter((m) => (JSON.parse(m.text) as Envelope).symbol === '-stream')
      .map((m) => m.key);
    expect(new Set(keys)).toEqual(new Set(['desk-1:-stream']));
  });

  it('a futures trades row without ticketId (venue switch) carries the order id, price, quantity and time of the stream fill', async () => {
    await harness.control.ok('POST', '/switches', { futuresTradesWithoutTicketId: true });
    await other.trader.signed('POST', '/api/v1/futures/order', {
      symbol: PERP,
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: 100,
      price: '30010',
      priceType: 'INPUT',
      timeInForce: 'GTC',
      clientOrderId: 'cp-short-2',
    });
    const buy = await desk.trader.signed('POST', '/api/v1/futures/order', {
      symbol: PERP,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: 100,
      price: '30010',
      priceType: 'INPUT',
      timeInForce: 'GTC',
      clientOrderId: 'desk-long-2',
    });
    const orderId = String(buy.body.orderId);
    const wsFill = await harness.reader.waitFor(
      () =>
        observed().find(
          (e) => e.type === 'FuturesFillObserved' && e.source === 'ws' && e.payload.orderId === orderId,
        ),
      'the stream fill',
    );
    // A reconnect makes ingest repair the gap with a poll, which reads the trades.
    await harness.control.ok('POST', '/faults/stream/close', {});
    const polled = await harness.reader.waitFor(
      () =>
        observed().find(
          (e) =>
            e.type === 'FuturesFillObserved' && e.source === 'rest-poll' && e.payload.orderId === orderId,
        ),
      'the polled fill',
    );
    expect(polled.payload.raw).not.toHaveProperty('ticketId');
    expect(polled.payload.ticketId).toBeNull();
    expect(polled.payload.tradeId).toEqual(expect.any(String));
    for (const field of ['orderId', 'price', 'quantity', 'tradeTime'] as const) {
      expect(polled.payload[field]).toEqual(wsFill.payload[field]);
    }
    expect(polled.payload.fee).toMatchObject({ asset: 'USDT' });
    await harness.control.ok('POST', '/switches', { futuresTradesWithoutTicketId: false });
  });

  it('marks: the mark price of the open perpetual and the last price of the held spot asset, keyed account:symbol', async () => {
    const marks = await harness.reader.waitFor(() => {
      const found = observed().filter((e) => e.type === 'MarkPriceObserved');
      const mark = found.find((e) => e.symbol === PERP && e.payload.kind === 'mark');
      const last = found.find((e) => e.symbol === 'BTCUSDT' && e.payload.kind === 'last');
      return mark && last ? { mark, last } : undefined;
    }, 'a mark and a last price');
    expect(marks.mark.payload).toMatchObject({ accountId: 'desk-1', price: '30000', source: 'rest-poll' });
    expect(marks.last.payload.price).toEqual(expect.any(String));
    const keys = harness.reader.messages
      .filter((m) => (JSON.parse(m.text) as Envelope).type === 'MarkPriceObserved')
      .map((m) => m.key);
    expect(new Set(keys)).toEqual(new Set([`desk-1:${PERP}`, 'desk-1:BTCUSDT']));
  });

  it('a funding settlement of the open position arrives from the ledger as FundingPaymentObserved', async () => {
    await harness.control.ok('POST', '/funding/settle', { symbol: PERP, rate: '0.0001' });
    await harness.control.ok('POST', '/faults/stream/close', {});
    const payment = await harness.reader.waitFor(
      () => observed().find((e) => e.type === 'FundingPaymentObserved' && e.accountId === 'desk-1'),
      'the funding payment',
    );
    expect(payment.payload).toMatchObject({
      asset: 'USDT',
      source: 'rest-poll',
      flowType: '600:FUNDING_FEE',
    });
    expect(String(payment.payload.amount)).toMatch(/^-/);
    expect(payment.symbol).toBe('USDT');
  });

  it('STOP orders: the stream report without a trigger price is completed by reading the order; later reports carry it', async () => {
    const placed = await desk.trader.signed('POST', '/api/v1/futures/order', {
      symbol: PERP,
      side: 'SELL_CLOSE',
      type: 'STOP',
      quantity: 10,
      stopPrice: '25000',
      priceType: 'MARKET',
      clientOrderId: 'desk-stop-1',
    });
    const orderId = String(placed.body.orderId);
    const stops = () =>
      observed().filter((e) => e.type === 'FuturesStopOrderObserved' && e.payload.orderId === orderId);
    await harness.reader.waitFor(
      () => stops().find((e) => e.payload.status === 'ORDER_NEW'),
      'the new STOP order',
    );
    await desk.trader.signed('DELETE', '/api/v1/futures/order', { orderId, type: 'STOP' });
    const canceled = await harness.reader.waitFor(
      () => stops().find((e) => e.source === 'ws' && e.payload.status === 'ORDER_CANCELED'),
      'the stream report of the cancel',
    );
    expect(canceled.payload).toMatchObject({
      stopPrice: '25000',
      side: 'SELL_CLOSE',
      clientOrderId: 'desk-stop-1',
    });
    expect(canceled.symbol).toBe(PERP);
  });

  it('a stream message reaches the topic byte-for-byte in payload.raw: number formatting and fields outside the schema kept', async () => {
    const now = Date.now();
    const fill = (ticketId: string, extra: string) =>
      `{"e":"ticketInfo","E":"${now}","s":"BTCUSDT","q":0.01000,"t":"${now}","p":"30000.00",` +
      `"T":"${ticketId}","o":"990001","c":"raw-exact","a":"1","m":false,"S":"BUY",${extra}}`;
    const first = fill('8800000000000000001', '"venueTier":{"note":"vip, [gold] \\"A\\""},"rebate":1.50E-4');
    const second = fill('8800000000000000002', '"venueTier":null');
    await harness.control.ok('POST', '/faults/stream/raw', { text: `[ ${first},\n  ${second} ]` });
    const single = fill('8800000000000000003', '"seq":10');
    await harness.control.ok('POST', '/faults/stream/raw', { text: `  ${single}  ` });
    const messageOf = (ticketId: string) =>
      harness.reader.messages.find((m) => {
        if (m.topic !== harness.topics.venueObservations) return false;
        const envelope = JSON.parse(m.text) as Envelope;
        return envelope.type === 'SpotFillObserved' && envelope.payload.ticketId === ticketId;
      });
    const messages = await harness.reader.waitFor(() => {
      const found = ['1', '2', '3'].map((n) => messageOf(`880000000000000000${n}`));
      return found.every((m) => m !== undefined) ? found : undefined;
    }, 'the three injected fills');
    for (const [index, text] of [first, second, single].entries()) {
      const message = messages[index];
      const envelope = JSON.parse(message.text) as Envelope;
      expect(envelope.payload.raw).toBe(text);
      // On the wire, too: the Kafka value holds the item's exact characters (JSON-escaped once).
      expect(message.text).toContain(JSON.stringify(text));
    }
    expect(JSON.parse(messages[0].text)).toMatchObject({ payload: { qty: '0.01', price: '30000' } });
  });
});
