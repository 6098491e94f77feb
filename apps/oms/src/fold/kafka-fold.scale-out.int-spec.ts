import { AggregateDeciders } from '../aggregates/aggregate-deciders';
import { ReadModelReplay } from '../audit/read-model-replay';
import { describeDifference } from '../audit/replay-compare';
import { FoldHarness, startFoldHarness } from './test-support/fold-harness';
import { killHard, prepareFoldChild } from './test-support/fold-child';
import { mixedWorkload } from './test-support/mixed-workload';

const SESSION_TIMEOUT_MS = process.env.KAFKA_BROKERS ? 6_000 : 1_500;

describe('two OMS fold processes in one consumer group', () => {
  let harness: FoldHarness;
  const workload = mixedWorkload(300);
  const half = Math.floor(workload.events.length / 2);

  beforeAll(async () => {
    harness = await startFoldHarness(4);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  const consumed = () => harness.consumed(`${harness.prefix}-pair`);

  it('share the partitions; killing one moves its partitions to the other with nothing lost or doubled', async () => {
    const options = {
      databaseUrl: harness.database.url,
      brokers: harness.cluster.brokers,
      topicPrefix: harness.prefix,
      consumerGroup: `${harness.prefix}-pair`,
      sessionTimeoutMs: SESSION_TIMEOUT_MS,
      maxPerTransaction: 40,
    };
    const [first, second] = await Promise.all([prepareFoldChild(options), prepareFoldChild(options)]);
    const survivor = await first.go();
    const victim = await second.go();
    await harness.publish(workload.events.slice(0, half));
    await harness.waitFor(
      'both halves of the group to fold',
      async () => ((await consumed()) > half / 3 ? true : undefined),
      30_000,
    );
    await killHard(victim);
    await harness.publish(workload.events.slice(half));
    await harness.waitFor(
      'the survivor to fold everything',
      async () => ((await consumed()) >= workload.events.length ? true : undefined),
      60_000,
    );
    survivor.kill('SIGTERM');

    const [{ fills, distinct }] = await harness.query<{ fills: number; distinct: number }>(
      `SELECT count(*)::int AS fills, count(DISTINCT fill_id)::int AS distinct FROM rm_fills`,
    );
    expect({ fills, distinct }).toEqual({
      fills: workload.fillIds.length,
      distinct: workload.fillIds.length,
    });
    const [{ events }] = await harness.query<{ events: number }>(
      `SELECT count(*)::int AS events FROM events WHERE event_type IN ('SpotFillObserved', 'FuturesFillObserved')`,
    );
    expect(events).toBe(workload.fillIds.length * 2);
    expect(await harness.query(`SELECT status, count(*)::int AS n FROM rm_orders GROUP BY status`)).toEqual([
      { status: 'FILLED', n: workload.orders },
    ]);
    const positions = await harness.query<{ key: string; contracts: string }>(
      `SELECT account || '|' || symbol || '|' || side AS key, contracts::text FROM rm_positions ORDER BY 1`,
    );
    expect(positions).toEqual(
      [...workload.positions.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, contracts]) => ({ key, contracts: String(contracts) })),
    );
    const verified = await new ReadModelReplay(
      harness.database.dataSource,
      new AggregateDeciders(() => undefined),
    ).verify();
    expect(verified.differences.map(describeDifference)).toEqual([]);
  }, 120_000);
});
