import { AggregateDeciders } from '../aggregates/aggregate-deciders';
import { FoldHarness, startFoldHarness } from '../fold/test-support/fold-harness';
import { mixedWorkload } from '../fold/test-support/mixed-workload';
import { describeDifference } from './replay-compare';
import { ReadModelReplay } from './read-model-replay';

describe('ReadModelReplay', () => {
  let harness: FoldHarness;
  const workload = mixedWorkload(24);

  beforeAll(async () => {
    harness = await startFoldHarness(2);
    await harness.startConsumer();
    await harness.publish(workload.events);
    await harness.waitUntilConsumed(workload.events.length);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  it('folding the log with progress every few events, projecting each stream again every few events, rebuilds what the live fold wrote', async () => {
    const [{ stored }] = await harness.query<{ stored: number }>(
      `SELECT count(*)::int AS stored FROM events`,
    );
    const replay = new ReadModelReplay(harness.database.dataSource, new AggregateDeciders(() => undefined));
    const reports: number[] = [];
    const verified = await replay.verify({
      progressEvery: 7,
      projectEvery: 11,
      onProgress: (progress) => reports.push(progress.done),
    });
    expect(verified.events).toBe(stored);
    expect(reports.length).toBeGreaterThanOrEqual(Math.ceil(stored / 7));
    expect(verified.differences.map(describeDifference)).toEqual([]);

    const rebuilt = await replay.rebuild({ progressEvery: 7 });
    expect(rebuilt.events).toBe(stored);
    const again = await replay.verify();
    expect(again.differences.map(describeDifference)).toEqual([]);
  });
});
