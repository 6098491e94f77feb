import {
  contractExecutionReportSchema,
  executionReportSchema,
  outboundAccountInfoSchema,
  outboundContractAccountInfoSchema,
  outboundContractPositionInfoSchema,
  ticketInfoSchema,
} from '@oms/exchange';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../test-support/test-venue';
import { PrivateStreamClient, settle } from '../test-support/private-stream-client';
import { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

// Key sets of the live captures and documented fields (facts.md §3, fixtures ws_private_*).
const EXECUTION_REPORT_KEYS = 'e E s c S o f q p reqAmt X d i l r z L V n N u w m O Z'.split(' ');
const CONTRACT_REPORT_KEYS = 'e E s c S o f q p X i l z L n N u w m O Z C v reqAmt d r V P lo lt'.split(' ');
const POSITION_KEYS = 'e E A s S p P a f m r up pr pv v mt mm'.split(' ');

describe('private user-data stream over WebSocket', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let trader: VenueTestClient;
  let counterparty: VenueTestClient;
  const streams: PrivateStreamClient[] = [];

  async function openStream(
    client: VenueTestClient = trader,
  ): Promise<{ stream: PrivateStreamClient; listenKey: string }> {
    const created = await client.signed('POST', '/api/v1/userDataStream');
    const stream = await PrivateStreamClient.connect(venue.streamUrl, created.body.listenKey);
    streams.push(stream);
    return { stream, listenKey: created.body.listenKey };
  }

  async function restLimitBuy(price: string, clientOrderId?: string) {
    return trader.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.1',
      price,
      newClientOrderId: clientOrderId,
    });
  }

  beforeAll(async () => {
    ({ venue, control } = await startTestVenue(41, {
      environment: { VENUE_STREAM_PING_INTERVAL_MS: '150', VENUE_LISTEN_KEY_TTL_MS: '60000' },
    }));
    trader = (
      await control.createTrader(venue.restUrl, { spot: { USDT: '100000' }, futures: { USDT: '100000' } })
    ).client;
    counterparty = (
      await control.createTrader(venue.restUrl, { spot: { ETH: '100' }, futures: { USDT: '100000' } })
    ).client;
  });

  afterEach(async () => {
    await Promise.all(streams.splice(0).map((stream) => stream.close()));
    await control.ok('DELETE', '/faults');
  });

  afterAll(async () => {
    await venue.stop();
  });

  it('creates, keeps alive and closes listenKeys', async () => {
    const created = await trader.signed('POST', '/api/v1/userDataStream');
    expect(created.body.listenKey).toMatch(/^[A-Za-z0-9]{64}$/);
    const listenKey = created.body.listenKey as string;
    expect((await trader.signed('PUT', '/api/v1/userDataStream', { listenKey })).body).toEqual({});
    expect((await counterparty.signed('PUT', '/api/v1/userDataStream', { listenKey })).body.code).toBe(
      '-1125',
    );
    expect((await trader.signed('DELETE', '/api/v1/userDataStream', { listenKey })).body).toEqual({});
    expect((await trader.signed('PUT', '/api/v1/userDataStream', { listenKey })).body.code).toBe('-1125');
    await expect(PrivateStreamClient.connect(venue.streamUrl, listenKey)).rejects.toThrow('HTTP 400');
  });

  it('streams spot order updates, fills and balances in the real formats', async () => {
    const { stream } = await openStream();
    const placed = await restLimitBuy('2000', 'stream-spot-1');
    await stream.waitFor(
      () => stream.events('executionReport').length >= 1 && stream.events('outboundAccountInfo').length >= 1,
    );
    const report = stream.events('executionReport')[0];
    expect(Object.keys(report).sort()).toEqual([...EXECUTION_REPORT_KEYS].sort());
    expect(executionReportSchema.parse(report)).toMatchObject({
      c: 'stream-spot-1',
      X: 'NEW',
      i: placed.body.orderId,
    });
    expect(stream.messages.every((message) => Array.isArray(message) || 'ping' in (message as object))).toBe(
      true,
    );
    outboundAccountInfoSchema.parse(stream.events('outboundAccountInfo')[0]);

    await counterparty.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'MARKET',
      quantity: '0.1',
    });
    await stream.waitFor(
      () =>
        stream.events('ticketInfo').length === 1 &&
        stream.events('executionReport').some((e) => e.X === 'FILLED'),
    );
    const fill = stream.events('executionReport').find((event) => event.X === 'FILLED') as Record<
      string,
      string
    >;
    const ticket = ticketInfoSchema.parse(stream.events('ticketInfo')[0]);
    expect(ticket).toMatchObject({ c: 'stream-spot-1', o: placed.body.orderId, m: true, S: 'BUY' });
    // The execution id of the report is not the ticket id of the fill.
    expect(fill.d).not.toBe('');
    expect(fill.d).not.toBe(ticket.T);
    expect(fill).toMatchObject({ l: '0.1', z: '0.1', r: '0', N: 'ETH' });
  });

  it('streams futures order updates, fills, positions and balances', async () => {
    const { stream } = await openStream();
    await counterparty.signed('POST', '/api/v1/futures/order', {
      symbol: 'ETHUSDT-PERPETUAL',
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: 10,
      price: '2500',
      clientOrderId: 'cp-ask-1',
    });
    await trader.signed('POST', '/api/v1/futures/order', {
      symbol: 'ETHUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: 10,
      price: '2500',
      clientOrderId: 'stream-fut-1',
    });
    await stream.waitFor(
      () =>
        stream.events('contractExecutionReport').some((event) => event.X === 'FILLED') &&
        stream.events('outboundContractPositionInfo').length >= 1 &&
        stream.events('outboundContractAccountInfo').length >= 1 &&
        stream.events('ticketInfo').length >= 1,
    );
    const report = stream.events('contractExecutionReport').find((event) => event.X === 'FILLED') as Record<
      string,
      unknown
    >;
    expect(Object.keys(report).sort()).toEqual([...CONTRACT_REPORT_KEYS].sort());
    expect(contractExecutionReportSchema.parse(report)).toMatchObject({
      c: 'stream-fut-1',
      S: 'BUY_OPEN',
      q: '10',
      o: 'LIMIT',
    });
    const positionEvent = stream.events('outboundContractPositionInfo').at(-1) as Record<string, unknown>;
    expect(Object.keys(positionEvent).sort()).toEqual([...POSITION_KEYS].sort());
    expect(outboundContractPositionInfoSchema.parse(positionEvent)).toMatchObject({
      s: 'ETHUSDT-PERPETUAL',
      S: 'LONG',
      P: '10',
    });
    const balance = outboundContractAccountInfoSchema.parse(
      stream.events('outboundContractAccountInfo').at(-1),
    );
    expect(balance.B[0]).toMatchObject({ a: 'USDT', r: '' });
    expect(ticketInfoSchema.parse(stream.events('ticketInfo')[0]).S).toBe('BUY');
  });

  it('answers a JSON ping with a pong and sends its own pings with a channelId', async () => {
    const { stream } = await openStream();
    stream.send({ ping: 1691473241907 });
    await stream.waitFor(() =>
      stream.messages.some((message) => (message as { pong?: number }).pong === 1691473241907),
    );
    await stream.waitFor(() =>
      stream.messages.some((message) => typeof (message as { ping?: number }).ping === 'number'),
    );
    const ping = stream.messages.find(
      (message) => typeof (message as { ping?: number }).ping === 'number',
    ) as Record<string, unknown>;
    expect(typeof ping.channelId).toBe('string');
  });

  it('drops a connection that leaves two server pings unanswered, keeps those that answer or ping at protocol level', async () => {
    const silent = (await openStream()).stream;
    const chatty = (await openStream()).stream;
    const protocolPinger = (await openStream()).stream;
    const answering = setInterval(() => {
      chatty.send({ pong: Date.now() });
      protocolPinger.socket.ping();
    }, 50);
    try {
      await silent.waitFor(() => silent.closed, 2000);
      // Well past the two ping periods in which the silent one was dropped.
      await settle(450);
      expect(chatty.closed).toBe(false);
      expect(protocolPinger.closed).toBe(false);
    } finally {
      clearInterval(answering);
    }
  });

  it('applies stream faults: drop, duplicate, delay, reorder, and connection close', async () => {
    const { stream } = await openStream();
    const answering = setInterval(() => stream.send({ pong: Date.now() }), 50);
    const reports = () => stream.events('executionReport').map((event) => event.c as string);
    const eventTypesOf = (clientOrderId: string) =>
      stream.messages
        .filter((message): message is Array<Record<string, unknown>> => Array.isArray(message))
        .map((message) => message[0])
        .filter(
          (event) =>
            event.c === clientOrderId || (event.e === 'outboundAccountInfo' && event.E !== undefined),
        )
        .map((event) => event.e);
    try {
      // A resting order produces two messages: its order update and its balance push.
      await restLimitBuy('1000', 'f-plain');
      await stream.waitFor(
        () => reports().includes('f-plain') && stream.events('outboundAccountInfo').length === 1,
      );
      const natural = eventTypesOf('f-plain');
      expect(natural).toHaveLength(2);

      await control.ok('POST', '/faults/stream', { mode: 'DROP', count: 2 });
      await restLimitBuy('1001', 'f-dropped');
      await restLimitBuy('1002', 'f-kept');
      await stream.waitFor(() => reports().includes('f-kept'));
      await settle();
      expect(reports()).toEqual(['f-plain', 'f-kept']);

      await control.ok('POST', '/faults/stream', { mode: 'DUPLICATE', count: 1 });
      await restLimitBuy('1003', 'f-twice');
      await stream.waitFor(() => stream.events().length >= 7);
      await settle();
      expect(stream.events()).toHaveLength(7);

      await control.ok('POST', '/faults/stream', { mode: 'DELAY', count: 2, delayMs: 300 });
      await restLimitBuy('1004', 'f-late');
      await restLimitBuy('1005', 'f-overtaking');
      await stream.waitFor(() => reports().includes('f-late'), 2000);
      expect(reports().slice(-2)).toEqual(['f-overtaking', 'f-late']);
      await settle(400);

      const before = stream.events().length;
      await control.ok('POST', '/faults/stream', { mode: 'REORDER', count: 1 });
      await restLimitBuy('1006', 'f-swapped');
      await stream.waitFor(() => stream.events().length >= before + 2);
      await settle();
      expect(stream.events()).toHaveLength(before + 2);
      expect(
        stream
          .events()
          .slice(-2)
          .map((event) => event.e),
      ).toEqual([...natural].reverse());

      const closed = await control.ok('POST', '/faults/stream/close', {});
      expect(closed.closed).toBeGreaterThanOrEqual(1);
      await stream.waitFor(() => stream.closed);
    } finally {
      clearInterval(answering);
    }
  });

  it('expires a listenKey that is not kept alive and closes its stream', async () => {
    const { venue: shortLived } = await startTestVenue(42, {
      environment: { VENUE_LISTEN_KEY_TTL_MS: '400', VENUE_STREAM_PING_INTERVAL_MS: '60000' },
    });
    try {
      const client = new VenueTestClient(shortLived.restUrl, shortLived.demo);
      const kept = (await client.signed('POST', '/api/v1/userDataStream')).body.listenKey as string;
      const lapsed = (await client.signed('POST', '/api/v1/userDataStream')).body.listenKey as string;
      const keptStream = await PrivateStreamClient.connect(shortLived.streamUrl, kept);
      const lapsedStream = await PrivateStreamClient.connect(shortLived.streamUrl, lapsed);
      streams.push(keptStream, lapsedStream);
      const keepAlive = setInterval(
        () => void client.signed('PUT', '/api/v1/userDataStream', { listenKey: kept }),
        100,
      );
      try {
        await lapsedStream.waitFor(() => lapsedStream.closed, 3000);
        expect(keptStream.closed).toBe(false);
        expect((await client.signed('PUT', '/api/v1/userDataStream', { listenKey: lapsed })).body.code).toBe(
          '-1125',
        );
      } finally {
        clearInterval(keepAlive);
      }
    } finally {
      await shortLived.stop();
    }
  });
});
