import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ExchangeClient } from '@oms/exchange';
import { startVenue } from '@oms/venue';
import type { RunningVenue } from '@oms/venue';
import { ControlClient, GENEROUS_LIMITS } from '../test-support/venue-test-client';

/**
 * A venue started on a journal file keeps its changes there, and a venue started again
 * on it continues the same world: what the local stack's restart relies on.
 */
describe('the venue journal', () => {
  const folder = mkdtempSync(join(tmpdir(), 'venue-journal-'));
  const journalFile = join(folder, 'venue-journal.jsonl');
  const venues: RunningVenue[] = [];
  const clients: ExchangeClient[] = [];

  const start = async (seed: number) => {
    const venue = await startVenue({
      port: 0,
      controlPort: 0,
      seed,
      simulatedMarket: true,
      environment: GENEROUS_LIMITS,
      journalFile,
    });
    venues.push(venue);
    return venue;
  };

  const clientOf = (venue: RunningVenue) => {
    const client = new ExchangeClient({
      baseUrl: venue.restUrl,
      credentials: { kind: 'hmac', apiKey: venue.demo.apiKey, secretKey: venue.demo.secretKey },
      readRetry: { attempts: 1 },
    });
    clients.push(client);
    return client;
  };

  /** The venue's whole state as its control plane shows it, less the time it was taken at. */
  const stateOf = async (venue: RunningVenue) => {
    const snapshot = await new ControlClient(venue.controlUrl).ok<{ time: number }>('GET', '/snapshot');
    const { time: _time, ...state } = snapshot;
    return state;
  };

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    for (const venue of venues) await venue.stop().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  });

  it('continues the same orders, fills, balances, positions, marks and keys after a restart, never reusing an id', async () => {
    const first = await start(11);
    const client = clientOf(first);
    const control = new ControlClient(first.controlUrl);
    const resting = await client.spot.placeOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '1000',
      newClientOrderId: 'journal-resting',
    });
    expect(resting.kind).toBe('accepted');
    const crossing = await client.spot.placeOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '0.01',
      newClientOrderId: 'journal-crossing',
    });
    expect(crossing.kind).toBe('accepted');
    const opened = await client.futures.placeOrder({
      symbol: 'BTCUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      type: 'LIMIT',
      priceType: 'MARKET',
      quantity: '3',
      clientOrderId: 'journal-futures',
    });
    expect(opened.kind).toBe('accepted');
    await control.ok('POST', '/market/advance', { steps: 5 });
    const readOnly = await control.ok<{ apiKey: string; secretKey: string }>(
      'POST',
      `/accounts/${first.demo.userId}/keys`,
      {
        kind: 'HMAC',
        permissions: [],
      },
    );
    const before = await stateOf(first);
    await first.stop();

    // Another seed on the same journal: the journal's own seed wins, so ids continue.
    const second = await start(12);
    expect(second.demo).toEqual(first.demo);
    expect(await stateOf(second)).toEqual(before);
    const reader = new ExchangeClient({
      baseUrl: second.restUrl,
      credentials: { kind: 'hmac', apiKey: readOnly.apiKey, secretKey: readOnly.secretKey },
      readRetry: { attempts: 1 },
    });
    clients.push(reader);
    expect((await reader.spot.getOrder({ origClientOrderId: 'journal-resting' })).status).toBe('NEW');
    const next = await clientOf(second).spot.placeOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '1001',
      newClientOrderId: 'journal-after-restart',
    });
    expect(next.kind).toBe('accepted');
    const earlierIds = JSON.stringify(before);
    const nextId = (await reader.spot.getOrder({ origClientOrderId: 'journal-after-restart' })).orderId;
    expect(earlierIds.includes(String(nextId))).toBe(false);
  });
});
