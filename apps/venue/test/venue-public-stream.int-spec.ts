/* eslint-disable @typescript-eslint/no-explicit-any -- push payloads are asserted field by field */
import WebSocket from 'ws';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../test-support/test-venue';
import { settle } from '../test-support/private-stream-client';
import { VenueTestClient } from '../test-support/venue-test-client';

type Message = Record<string, any>;

/** A public-stream socket that records every message. */
async function connect(streamUrl: string): Promise<{ socket: WebSocket; messages: Message[] }> {
  const socket = new WebSocket(`${streamUrl}/quote/ws/v1`);
  const messages: Message[] = [];
  socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as Message));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, messages };
}

async function waitFor(predicate: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await settle(20);
  }
}

describe('public market-data stream over WebSocket', () => {
  let venue: RunningVenue;
  let client: VenueTestClient;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    ({ venue } = await startTestVenue(91, {
      simulatedMarket: true,
      environment: { VENUE_PUBLIC_PUSH_INTERVAL_MS: '100' },
    }));
    client = new VenueTestClient(venue.restUrl, venue.demo);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await venue.stop();
  });

  it('acknowledges a depth subscription and pushes full book snapshots', async () => {
    const { socket, messages } = await connect(venue.streamUrl);
    sockets.push(socket);
    socket.send(
      JSON.stringify({ symbol: 'BTCUSDT', topic: 'depth', event: 'sub', params: { binary: false } }),
    );
    await waitFor(() => messages.filter((message) => message.topic === 'depth' && message.data).length >= 2);
    expect(messages[0]).toMatchObject({ symbol: 'BTCUSDT', topic: 'depth', event: 'sub', msg: 'Success' });
    const push = messages.find((message) => message.data) as Message;
    expect(push).toMatchObject({ symbol: 'BTCUSDT', topic: 'depth', f: true, shared: false });
    expect(push.data[0]).toMatchObject({ e: 301, s: 'BTCUSDT', o: 0 });
    expect(push.data[0].b.length).toBeGreaterThan(0);
    expect(push.data[0].a.length).toBeGreaterThan(0);
  });

  it('pushes each new public trade once, and tickers', async () => {
    const { socket, messages } = await connect(venue.streamUrl);
    sockets.push(socket);
    socket.send(JSON.stringify({ symbol: 'BTCUSDT', topic: 'trade', event: 'sub' }));
    socket.send(JSON.stringify({ symbol: 'BTCUSDT', topic: 'realtimes', event: 'sub' }));
    await waitFor(() => messages.some((message) => message.topic === 'realtimes' && message.data));
    const order = await client.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'MARKET',
      amount: '100',
    });
    expect(order.body.status).toBe('FILLED');
    const trades = () =>
      messages
        .filter((message) => message.topic === 'trade' && message.data)
        .flatMap((message) => message.data);
    await waitFor(() => trades().length > 0);
    await settle(300);
    const ids = trades().map((trade: Message) => trade.v);
    expect(new Set(ids).size).toBe(ids.length);
    expect(trades()[0]).toEqual({
      v: expect.any(String),
      t: expect.any(Number),
      p: expect.any(String),
      q: expect.any(String),
      m: false,
    });
    const ticker = messages.find((message) => message.topic === 'realtimes' && message.data) as Message;
    expect(ticker.data[0]).toMatchObject({ s: 'BTCUSDT', e: 301 });
  });

  it('answers ping with pong, refuses unknown topics and symbols, and stops pushing after cancel', async () => {
    const { socket, messages } = await connect(venue.streamUrl);
    sockets.push(socket);
    socket.send(JSON.stringify({ ping: 1 }));
    socket.send(JSON.stringify({ symbol: 'BTCUSDT', topic: 'kline_1m', event: 'sub' }));
    socket.send(JSON.stringify({ symbol: 'NOPE', topic: 'depth', event: 'sub' }));
    await waitFor(() => messages.length >= 3);
    expect(typeof messages[0].pong).toBe('number');
    expect(messages[1]).toMatchObject({ code: '-1', topic: 'kline_1m' });
    expect(messages[2]).toMatchObject({ code: '-1', symbol: 'NOPE' });
    socket.send(JSON.stringify({ symbol: 'ETHUSDT', topic: 'depth', event: 'sub' }));
    await waitFor(() => messages.some((message) => message.topic === 'depth' && message.data));
    socket.send(JSON.stringify({ symbol: 'ETHUSDT', topic: 'depth', event: 'cancel' }));
    await waitFor(() => messages.some((message) => message.event === 'cancel'));
    const count = messages.length;
    await settle(350);
    expect(messages.length).toBe(count);
  });
});
