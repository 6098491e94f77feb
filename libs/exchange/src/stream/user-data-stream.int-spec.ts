import { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { ManualStreamScheduler } from '../../test-support/manual-stream-scheduler';
import { fixture } from '../../test-support/endpoint-cases';
import { ListenKeySource, UserDataStream } from './user-data-stream';
import { UserDataStreamEvents } from './user-data-stream.events';

interface Harness {
  server: WebSocketServer;
  url: string;
  sockets: WebSocket[];
  received: unknown[];
  connectedPaths: string[];
  refuseKeys: Set<string>;
}

async function startServer(): Promise<Harness> {
  const harness: Partial<Harness> = { sockets: [], received: [], connectedPaths: [], refuseKeys: new Set() };
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (info, done) => {
      const key = (info.req.url ?? '').split('/').pop() ?? '';
      if (harness.refuseKeys!.has(key)) done(false, 404, 'listen key not found');
      else done(true);
    },
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket, request) => {
    harness.sockets!.push(socket);
    harness.connectedPaths!.push(request.url ?? '');
    socket.on('message', (data: Buffer) => harness.received!.push(JSON.parse(data.toString('utf8'))));
  });
  return {
    ...(harness as Harness),
    server,
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function listenKeys(keys: string[]): jest.Mocked<ListenKeySource> {
  let next = 0;
  return {
    create: jest.fn(() => Promise.resolve(keys[next++] ?? `key-${next}`)),
    keepAlive: jest.fn((_listenKey: string) => Promise.resolve()),
    close: jest.fn((_listenKey: string) => Promise.resolve()),
  };
}

describe('UserDataStream against a local WebSocket server', () => {
  let harness: Harness;
  let stream: UserDataStream;
  let scheduler: ManualStreamScheduler;
  let keys: jest.Mocked<ListenKeySource>;
  let seen: { [K in keyof UserDataStreamEvents]: UserDataStreamEvents[K][] };

  beforeEach(async () => {
    harness = await startServer();
    scheduler = new ManualStreamScheduler();
    keys = listenKeys(['key-1', 'key-2', 'key-3']);
    stream = new UserDataStream({
      listenKeys: keys,
      streamUrl: `${harness.url}/`,
      scheduler,
      random: () => 0.5,
    });
    seen = { connected: [], disconnected: [], event: [], received: [], unknown: [], error: [] };
    for (const name of Object.keys(seen) as (keyof UserDataStreamEvents)[]) {
      stream.on(name, (payload: UserDataStreamEvents[typeof name]) => {
        (seen[name] as unknown[]).push(payload);
      });
    }
    stream.start();
    await waitFor(() => seen.connected.length === 1, 'first connection');
  });

  afterEach(async () => {
    await stream.stop();
    for (const socket of harness.sockets) socket.terminate();
    await new Promise<void>((resolve) => harness.server.close(() => resolve()));
  });

  it('connects to {stream_url}/api/v1/ws/{listenKey}', () => {
    expect(harness.connectedPaths).toEqual(['/api/v1/ws/key-1']);
    expect(seen.connected[0]).toMatchObject({ listenKey: 'key-1', reconnects: 0 });
  });

  it('parses every private message type, as arrays or single objects, and reports unknown ones', async () => {
    const frames = [
      'ws_private_executionReport_spot.json',
      'ws_private_contractExecutionReport.json',
      'ws_private_ticketInfo_spot.json',
      'ws_private_ticketInfo_futures.json',
      'ws_private_outboundAccountInfo_spot.json',
      'ws_private_outboundContractAccountInfo.json',
      'ws_private_outboundContractPositionInfo.json',
    ].map((name) => fixture(name) as unknown[]);
    for (const frame of frames) harness.sockets[0].send(JSON.stringify(frame));
    harness.sockets[0].send(JSON.stringify(frames[0][0]));
    harness.sockets[0].send(JSON.stringify([{ e: 'balanceSnapshot', x: 1 }]));
    harness.sockets[0].send('garbage');
    await waitFor(() => seen.event.length === 8 && seen.unknown.length === 2, 'all events');
    expect(seen.event.map((event) => event.e)).toEqual([
      'executionReport',
      'contractExecutionReport',
      'ticketInfo',
      'ticketInfo',
      'outboundAccountInfo',
      'outboundContractAccountInfo',
      'outboundContractPositionInfo',
      'executionReport',
    ]);
    expect(seen.event[0]).toMatchObject({ E: '1499405658658', c: 'OID1' });
    expect(seen.unknown.map((unknown) => unknown.reason)).toEqual([
      'unknown event type "balanceSnapshot"',
      'frame is not JSON',
    ]);
  });

  it('hands each event over with the exact text of its item (number formatting, unknown fields) beside the decoded one', async () => {
    const [report] = fixture('ws_private_ticketInfo_spot.json') as Record<string, unknown>[];
    const item = JSON.stringify({ ...report, q: 'QTY', venueExtra: { note: 'kept, [as] "sent"' } }).replace(
      '"QTY"',
      '0.50000',
    );
    const unknownItem = '{"e":"balanceSnapshot","x":1.10}';
    harness.sockets[0].send(`[${item}, ${unknownItem}]`);
    await waitFor(() => seen.received.length === 1 && seen.unknown.length === 1, 'the event and its text');
    expect(seen.received[0].raw).toBe(item);
    expect(seen.received[0].event).toBe(seen.event[0]);
    expect(seen.event[0]).toMatchObject({ e: 'ticketInfo', q: '0.5' });
    expect(seen.event[0]).not.toHaveProperty('venueExtra');
    expect(seen.unknown[0].text).toBe(unknownItem);
  });

  it("answers the server's ping with the same timestamp", async () => {
    harness.sockets[0].send(JSON.stringify(fixture('ws_private_ping_server.json')));
    await waitFor(() => harness.received.length === 1, 'pong');
    expect(harness.received).toEqual([{ pong: 1748504490208 }]);
  });

  it('keeps 19-digit ids and long decimals sent as JSON numbers, and echoes a string ping', async () => {
    const [report] = fixture('ws_private_contractExecutionReport.json') as Record<string, unknown>[];
    const text = JSON.stringify([{ ...report, i: 'ORDER_ID', Z: 'LONG_DECIMAL' }])
      .replace('"ORDER_ID"', '1747358716129257217')
      .replace('"LONG_DECIMAL"', '2463.360000000000000001');
    harness.sockets[0].send(text);
    harness.sockets[0].send(JSON.stringify({ ping: '1748504490208', channelId: 'c' }));
    await waitFor(() => seen.event.length === 1 && harness.received.length === 1, 'event and pong');
    expect(seen.event[0]).toMatchObject({ i: '1747358716129257217', Z: '2463.360000000000000001' });
    expect(harness.received).toEqual([{ pong: '1748504490208' }]);
  });

  it('pings every 10 s; any frame from the venue proves the link alive', async () => {
    scheduler.advance(10_000);
    scheduler.advance(10_000);
    await waitFor(() => harness.received.length === 2, 'two pings');
    expect(harness.received).toEqual([{ ping: scheduler.now() - 10_000 }, { ping: scheduler.now() }]);
    harness.sockets[0].send(JSON.stringify(fixture('ws_private_executionReport_spot.json')));
    await waitFor(() => seen.event.length === 1, 'a frame from the venue');
    scheduler.advance(10_000);
    await waitFor(() => harness.received.length === 3, 'a third ping');
    expect(seen.disconnected).toHaveLength(0);
  });

  it('drops a link that left two pings unanswered, then reconnects', async () => {
    scheduler.advance(10_000);
    scheduler.advance(10_000);
    await waitFor(() => harness.received.length === 2, 'two pings');
    expect(seen.disconnected).toHaveLength(0);
    scheduler.advance(10_000);
    await waitFor(() => seen.disconnected.length === 1, 'dead link detected');
    expect(seen.disconnected[0].willReconnect).toBe(true);
    scheduler.advance(375);
    await waitFor(() => seen.connected.length === 2, 'reconnection');
    expect(harness.connectedPaths).toEqual(['/api/v1/ws/key-1', '/api/v1/ws/key-1']);
    expect(seen.connected[1].reconnects).toBe(1);
  });

  it('reconnects with jittered exponential backoff and reports the gap', async () => {
    harness.sockets[0].terminate();
    await waitFor(() => seen.disconnected.length === 1, 'disconnection');
    await new Promise<void>((resolve) => harness.server.close(() => resolve()));
    expect(scheduler.pendingDelays()).toContain(375); // 500 ms ceiling, equal jitter at 0.5
    scheduler.advance(375);
    await waitFor(() => scheduler.pendingDelays().includes(750), 'second backoff');
    scheduler.advance(750);
    await waitFor(() => scheduler.pendingDelays().includes(1_500), 'third backoff');
    expect(seen.connected).toHaveLength(1);
  });

  it('keeps the listen key alive every 30 minutes', async () => {
    scheduler.advance(30 * 60_000);
    await waitFor(() => keys.keepAlive.mock.calls.length === 1, 'keepalive');
    expect(keys.keepAlive).toHaveBeenCalledWith('key-1');
    scheduler.advance(30 * 60_000);
    await waitFor(() => keys.keepAlive.mock.calls.length === 2, 'second keepalive');
  });

  it('re-creates the listen key when keepalive fails and reconnects with it', async () => {
    keys.keepAlive.mockRejectedValueOnce(new Error('listen key expired'));
    scheduler.advance(30 * 60_000);
    await waitFor(() => seen.disconnected.length === 1, 'drop after failed keepalive');
    expect(seen.error.map((error) => error.message)).toEqual(['listen key expired']);
    scheduler.advance(375);
    await waitFor(() => seen.connected.length === 2, 'reconnection with a new key');
    expect(seen.connected[1].listenKey).toBe('key-2');
    expect(harness.connectedPaths[1]).toBe('/api/v1/ws/key-2');
  });

  it('re-creates the listen key when the venue refuses it on reconnect', async () => {
    harness.refuseKeys.add('key-1');
    harness.sockets[0].close(1001, 'maintenance');
    await waitFor(() => seen.disconnected.length === 1, 'disconnection');
    expect(seen.disconnected[0]).toMatchObject({ reason: 'maintenance', code: 1001 });
    scheduler.advance(375);
    await waitFor(() => scheduler.pendingDelays().includes(750), 'refused upgrade');
    scheduler.advance(750);
    await waitFor(() => seen.connected.length === 2, 'reconnection with a new key');
    expect(seen.connected[1]).toMatchObject({ listenKey: 'key-2', reconnects: 2 });
  });

  it('stops cleanly: closes the socket and the listen key, leaves no timer', async () => {
    await stream.stop();
    expect(keys.close).toHaveBeenCalledWith('key-1');
    expect(scheduler.pendingDelays()).toEqual([]);
    expect(stream.isConnected).toBe(false);
  });
});
