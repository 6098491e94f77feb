import { EventEnvelope } from '@oms/kafka';
import { HarnessAccount, IngestHarness, spotFill } from '../apps/ingest/test-support/ingest-harness';
import { keysOutOfOrder, TopicReader } from '../apps/ingest/test-support/topic-reader';

type Envelope = EventEnvelope<Record<string, unknown>>;
const OUTAGE_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Health {
  status: string;
  delivery: { journalDepth: number; degraded: boolean; memoryDepth: number };
}

describe('ingest while the broker is stopped for 30 s and restarted', () => {
  const harness = new IngestHarness(404);
  let desk: HarnessAccount;
  let other: HarnessAccount;

  beforeAll(async () => {
    await harness.start();
    desk = await harness.addAccount('desk-b');
    other = await harness.addVenueUser('counterparty');
    await harness.startIngest();
    await harness.reader.waitFor(
      () =>
        harness.reader
          .envelopes(harness.topics.venueObservations)
          .some((e) => e.type === 'VenueStreamConnected'),
      'the stream to connect',
    );
  });

  afterAll(() => harness.close());

  it('journals what it receives meanwhile and delivers every event, in order per key, once the broker is back', async () => {
    const before = await spotFill(desk, other, 'before-1');
    await harness.reader.waitFor(
      () =>
        harness.reader.envelopes(harness.topics.venueObservations).some((e) => e.payload.orderId === before),
      'the first fill',
    );
    await harness.reader.stop();
    await harness.stopBroker();

    const filledDuringOutage: string[] = [];
    const outageStarted = Date.now();
    while (Date.now() - outageStarted < OUTAGE_MS - 3_000) {
      filledDuringOutage.push(await spotFill(desk, other, `outage-${filledDuringOutage.length}`));
      await sleep(2_000);
    }
    const during = (await (await fetch(`${harness.ingestUrl()}/health`)).json()) as Health;
    expect(during.delivery.degraded).toBe(true);
    expect(during.delivery.journalDepth).toBeGreaterThan(0);
    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - outageStarted)));

    await harness.startBroker();
    const reader = new TopicReader(harness.brokers, [harness.topics.venueObservations]);
    await reader.start();
    try {
      const wsFill = (orderId: string) => (e: Envelope) =>
        e.type === 'SpotFillObserved' && e.source === 'ws' && e.payload.orderId === orderId;
      await reader.waitFor(
        () =>
          filledDuringOutage.every((orderId) =>
            reader.envelopes(harness.topics.venueObservations).some(wsFill(orderId)),
          ),
        'every fill of the outage',
        30_000,
      );
      const envelopes = reader.envelopes(harness.topics.venueObservations);
      for (const orderId of filledDuringOutage) {
        expect(
          envelopes.filter(
            (e) => e.type === 'SpotOrderObserved' && e.source === 'ws' && e.payload.orderId === orderId,
          ),
        ).not.toHaveLength(0);
      }
      expect(keysOutOfOrder(reader.messages)).toEqual([]);
      const after = (await (await fetch(`${harness.ingestUrl()}/health`)).json()) as Health;
      expect(after.delivery).toMatchObject({ journalDepth: 0, degraded: false });
    } finally {
      await reader.stop();
    }
  });
});
