import { EventEnvelope } from '@oms/kafka';
import { HarnessAccount, IngestHarness, spotFill } from '../apps/ingest/test-support/ingest-harness';

type Envelope = EventEnvelope<Record<string, unknown>>;

describe('ingest under stream faults: gaps repaired by polls, duplicates share their id, bad input dead-lettered', () => {
  const harness = new IngestHarness(202);
  let desk: HarnessAccount;
  let other: HarnessAccount;
  const observed = (): Envelope[] => harness.reader.envelopes(harness.topics.venueObservations);
  const fillsOf = (orderId: string, source: string) =>
    observed().filter(
      (e) => e.type === 'SpotFillObserved' && e.payload.orderId === orderId && e.source === source,
    );
  const finalStatusOf = (orderId: string, source: string) =>
    observed().find(
      (e) =>
        e.type === 'SpotOrderObserved' &&
        e.payload.orderId === orderId &&
        e.source === source &&
        e.payload.status === 'FILLED',
    );

  beforeAll(async () => {
    await harness.start();
    desk = await harness.addAccount('desk-f');
    other = await harness.addVenueUser('counterparty');
    // Periodic polls every 2 s, so a dropped message is repaired within the spec's time.
    await harness.startIngest({ INGEST_POLL_INTERVAL_MS: '2000', INGEST_POLL_INTERVAL_SILENT_MS: '2000' });
    await harness.reader.waitFor(
      () => observed().some((e) => e.type === 'VenueStreamConnected'),
      'the stream to connect',
    );
  });

  afterAll(() => harness.close());

  it('orders filled while the venue has closed the stream come in by the repair poll, each fill once per source', async () => {
    await harness.control.ok('POST', '/faults/stream/close', {});
    // The client reconnects after at least 250 ms: these fill while no stream is up.
    const orderIds = [];
    for (let index = 0; index < 3; index += 1) orderIds.push(await spotFill(desk, other, `gap-${index}`));
    await harness.reader.waitFor(
      () => observed().some((e) => e.type === 'VenueStreamGapDetected'),
      'the gap',
    );
    for (const orderId of orderIds) {
      await harness.reader.waitFor(
        () => fillsOf(orderId, 'rest-poll').length > 0 && finalStatusOf(orderId, 'rest-poll'),
        `fill and final status of ${orderId}`,
      );
    }
    // Let a few more periodic polls run: an unchanged fill is not published again.
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    for (const orderId of orderIds) {
      const polled = fillsOf(orderId, 'rest-poll');
      expect(polled).toHaveLength(1);
      expect(polled[0].payload.fee).toMatchObject({ asset: 'BTC' });
      expect(fillsOf(orderId, 'ws').length).toBeLessThanOrEqual(1);
    }
    // The first fill happened well before the client could reconnect: only the poll saw it.
    expect(fillsOf(orderIds[0], 'ws')).toHaveLength(0);
  });

  it('a duplicated stream message arrives twice with the same eventId', async () => {
    await harness.control.ok('POST', '/faults/stream', { mode: 'DUPLICATE', count: 10 });
    const orderId = await spotFill(desk, other, 'dup-1');
    const fills = await harness.reader.waitFor(() => {
      const found = fillsOf(orderId, 'ws');
      return found.length >= 2 ? found : undefined;
    }, 'the duplicated ws fill');
    expect(new Set(fills.map((fill) => fill.eventId)).size).toBe(1);
    await harness.control.ok('DELETE', '/faults');
  });

  it('a dropped stream message is repaired by the next poll', async () => {
    await harness.control.ok('POST', '/faults/stream', { mode: 'DROP', count: 20 });
    const orderId = await spotFill(desk, other, 'drop-1');
    await harness.reader.waitFor(
      () => fillsOf(orderId, 'rest-poll').length === 1 && finalStatusOf(orderId, 'rest-poll'),
      'the poll to bring the dropped fill',
    );
    expect(fillsOf(orderId, 'ws')).toHaveLength(0);
    await harness.control.ok('DELETE', '/faults');
  });

  it('reordered stream messages all arrive, each with its own id', async () => {
    await harness.control.ok('POST', '/faults/stream', { mode: 'REORDER', count: 4 });
    const first = await spotFill(desk, other, 'reorder-1');
    const second = await spotFill(desk, other, 'reorder-2');
    await harness.reader.waitFor(
      () => fillsOf(first, 'ws').length === 1 && fillsOf(second, 'ws').length === 1,
      'both ws fills',
    );
    await harness.control.ok('DELETE', '/faults');
  });

  it('a frame that is not JSON and a message with a bad field land in the dead-letter topic with the reason; the stream goes on', async () => {
    const letters = () => harness.reader.messages.filter((m) => m.topic === harness.topics.deadLetter);
    await harness.control.ok('POST', '/faults/stream/raw', { text: '[{"e":"executionReport","s":' });
    await harness.control.ok('POST', '/faults/stream/raw', {
      text: '[{"e":"ticketInfo","E":"1","s":"BTCUSDT","q":"abc"}]',
    });
    await harness.reader.waitFor(() => letters().length >= 2, 'two dead letters');
    const [notJson, badField] = letters();
    expect(notJson.text).toBe('[{"e":"executionReport","s":');
    expect(notJson.headers['x-dead-letter-reason']).toMatch(/not JSON/);
    expect(notJson.key).toBe('desk-f:-stream');
    expect(badField.headers['x-dead-letter-reason']).toMatch(/ticketInfo\.q/);
    expect(JSON.parse(badField.text)).toMatchObject({ e: 'ticketInfo', q: 'abc' });
    const orderId = await spotFill(desk, other, 'after-bad-1');
    await harness.reader.waitFor(() => fillsOf(orderId, 'ws').length === 1, 'the stream to go on');
  });
});
