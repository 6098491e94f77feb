import { HarnessAccount, IngestHarness, spotFill } from '../apps/ingest/test-support/ingest-harness';
import { TopicReader } from '../apps/ingest/test-support/topic-reader';

interface Health {
  status: string;
  delivery: { journalFull: boolean; overflowDepth: number; journalDepth: number };
}

describe('ingest with a full journal while the broker is down', () => {
  const harness = new IngestHarness(707);
  let desk: HarnessAccount;
  let other: HarnessAccount;
  const health = async (): Promise<{ code: number; body: Health }> => {
    const response = await fetch(`${harness.ingestUrl()}/health`);
    return { code: response.status, body: (await response.json()) as Health };
  };
  const metric = async (name: string): Promise<number> => {
    const text = await (await fetch(`${harness.ingestUrl()}/metrics`)).text();
    return Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${name} `))
        ?.split(' ')[1] ?? NaN,
    );
  };

  beforeAll(async () => {
    await harness.start();
    desk = await harness.addAccount('desk-j');
    other = await harness.addVenueUser('counterparty');
    // A journal of 4 KiB holds a handful of observations.
    await harness.startIngest({ INGEST_JOURNAL_MAX_BYTES: '4096' });
    await harness.reader.waitFor(
      () =>
        harness.reader
          .envelopes(harness.topics.venueObservations)
          .some((e) => e.type === 'VenueStreamConnected'),
      'the stream to connect',
    );
  });

  afterAll(() => harness.close());

  it('turns health red (503) and raises the metric, keeps every record, and recovers when Kafka returns', async () => {
    await harness.reader.stop();
    await harness.stopBroker();
    const filled: string[] = [];
    for (let index = 0; index < 6; index += 1) filled.push(await spotFill(desk, other, `full-${index}`));
    let current = await health();
    for (let tries = 0; !current.body.delivery.journalFull && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await health();
    }
    expect(current.code).toBe(503);
    expect(current.body.status).toBe('red');
    expect(current.body.delivery.overflowDepth).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await metric('ingest_journal_full')).toBe(1);

    await harness.startBroker();
    const reader = new TopicReader(harness.brokers, [harness.topics.venueObservations]);
    await reader.start();
    try {
      await reader.waitFor(
        () =>
          filled.every((orderId) =>
            reader
              .envelopes(harness.topics.venueObservations)
              .some(
                (e) => e.type === 'SpotFillObserved' && e.source === 'ws' && e.payload.orderId === orderId,
              ),
          ),
        'every fill received while the journal was full',
        30_000,
      );
    } finally {
      await reader.stop();
    }
    current = await health();
    for (let tries = 0; current.code !== 200 && tries < 100; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = await health();
    }
    expect(current.code).toBe(200);
    expect(current.body.delivery).toMatchObject({ journalFull: false, overflowDepth: 0, journalDepth: 0 });
  });
});
