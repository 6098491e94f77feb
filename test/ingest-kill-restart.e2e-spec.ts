import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventEnvelope } from '@oms/kafka';
import { HarnessAccount, IngestHarness, spotFill } from '../apps/ingest/test-support/ingest-harness';
import { IngestProcess } from '../apps/ingest/test-support/ingest-process';
import { keysOutOfOrder, TopicReader } from '../apps/ingest/test-support/topic-reader';

type Envelope = EventEnvelope<Record<string, unknown>>;

/** Observation types and order ids written to the journal file, oldest first. */
function journaledFills(journalDir: string): string[] {
  const file = join(journalDir, 'journal.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as { kind: string; envelope?: Envelope })
    .filter((record) => record.envelope?.type === 'SpotFillObserved' && record.envelope.source === 'ws')
    .map((record) => String(record.envelope?.payload.orderId));
}

describe('ingest killed (SIGKILL) while the broker is down, restarted once it is back', () => {
  const harness = new IngestHarness(505);
  const ingest = new IngestProcess();
  let desk: HarnessAccount;
  let other: HarnessAccount;

  beforeAll(async () => {
    await harness.start();
    desk = await harness.addAccount('desk-k');
    other = await harness.addVenueUser('counterparty');
  });

  afterAll(async () => {
    await ingest.stop();
    await harness.close();
  });

  it("the next process sends the killed one's journal: every event arrives, in order per key, and the journal drains", async () => {
    ingest.start(harness.environment());
    await harness.reader.waitFor(
      () =>
        harness.reader
          .envelopes(harness.topics.venueObservations)
          .some((e) => e.type === 'VenueStreamConnected'),
      'the child ingest to connect',
      30_000,
    );
    await harness.reader.stop();
    await harness.stopBroker();

    const filled: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      filled.push(await spotFill(desk, other, `killed-${index}`));
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    // Wait until the process has put every fill on disk, then kill it without warning.
    await harness.reader.waitFor(
      () => filled.every((orderId) => journaledFills(harness.journalDir).includes(orderId)),
      `the fills in the journal; ingest log:\n${ingest.log.slice(-2000)}`,
      20_000,
    );
    await ingest.kill();

    await harness.startBroker();
    ingest.start(harness.environment());
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
        'every ws fill received by the killed process',
        30_000,
      );
      expect(keysOutOfOrder(reader.messages)).toEqual([]);
      // Delivered, the journal is emptied and removed.
      await reader.waitFor(
        () => !existsSync(join(harness.journalDir, 'journal.jsonl')),
        'the journal to drain',
      );
    } finally {
      await reader.stop();
    }
  });
});
