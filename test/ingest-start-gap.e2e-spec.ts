import { EventEnvelope } from '@oms/kafka';
import { HarnessAccount, IngestHarness } from '../apps/ingest/test-support/ingest-harness';
import { HeldConnectionsGate } from './support/held-connections-gate';

/**
 * Ingest starts its first poll and its stream together. An order placed after that poll
 * read the open orders and before the stream connected is in neither; the poll after
 * the first connection brings it in, instead of the next periodic poll (a minute here).
 */
describe('an order placed at the venue while ingest starts, before its stream connects (e2e)', () => {
  const harness = new IngestHarness(204);
  let desk: HarnessAccount;
  let gate: HeldConnectionsGate;

  beforeAll(async () => {
    await harness.start();
    desk = await harness.addAccount('desk-s');
    const stream = new URL(harness.venue.streamUrl);
    gate = await HeldConnectionsGate.start(stream.hostname, Number(stream.port));
    stream.port = String(gate.port);
    await harness.startIngest({ EXCHANGE_WS_URL: stream.toString().replace(/\/$/, '') });
  });

  afterAll(async () => {
    await harness.close();
    await gate.stop();
  });

  it('is observed soon after the stream connects, without waiting for the periodic poll', async () => {
    const health = async () =>
      (await (await fetch(`${harness.ingestUrl()}/health`)).json()) as {
        accounts: Array<{ stream: string; lastPollAt: string | null }>;
      };
    for (const deadline = Date.now() + 20_000; (await health()).accounts[0].lastPollAt === null;) {
      if (Date.now() > deadline) throw new Error('the start poll did not finish');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await health()).accounts[0].stream).not.toBe('connected');
    const placed = await desk.trader.signed<{ orderId: string }>('POST', '/api/v1.1/spot/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '20000',
      newClientOrderId: 'placed-before-the-stream',
    });
    gate.open();
    const observed = (): Array<EventEnvelope<Record<string, unknown>>> =>
      harness.reader.envelopes(harness.topics.venueObservations);
    const report = await harness.reader.waitFor(
      () =>
        observed().find(
          (e) => e.type === 'SpotOrderObserved' && e.payload.orderId === String(placed.body.orderId),
        ),
      'a report of the order',
      15_000,
    );
    expect(report.payload).toMatchObject({ status: 'NEW', clientOrderId: 'placed-before-the-stream' });
  });
});
