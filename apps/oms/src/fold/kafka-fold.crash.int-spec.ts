import { ChildProcess } from 'node:child_process';
import { AggregateDeciders } from '../aggregates/aggregate-deciders';
import { ReadModelReplay } from '../audit/read-model-replay';
import { describeDifference } from '../audit/replay-compare';
import { FoldHarness, startFoldHarness } from './test-support/fold-harness';
import { killHard, prepareFoldChild, ReadyFoldChild } from './test-support/fold-child';
import { mixedWorkload } from './test-support/mixed-workload';

const KILLS = 20;
const SESSION_TIMEOUT_MS = process.env.KAFKA_BROKERS ? 6_000 : 1_500;

describe('Kafka fold killed with SIGKILL mid-batch', () => {
  let harness: FoldHarness;
  const workload = mixedWorkload(600);

  beforeAll(async () => {
    harness = await startFoldHarness(3);
    await harness.publish(workload.events);
  }, 60_000);

  afterAll(async () => {
    await harness?.close();
  });

  const consumed = () => harness.consumed(`${harness.prefix}-crash`);

  const prepare = (attempt: number): Promise<ReadyFoldChild> =>
    prepareFoldChild({
      databaseUrl: harness.database.url,
      brokers: harness.cluster.brokers,
      topicPrefix: harness.prefix,
      consumerGroup: `${harness.prefix}-crash`,
      // A Kafka group of its own per restart: the stored offsets (ours) say where to go on,
      // and no restart waits for the killed member's session to expire.
      kafkaGroupId: `${harness.prefix}-crash-${attempt}`,
      sessionTimeoutMs: SESSION_TIMEOUT_MS,
      // Small transactions: many commit points for the kills to fall between and inside.
      maxPerTransaction: 40,
    });

  it(`neither loses nor doubles anything over ${KILLS} kills at random points; the read models equal a clean replay`, async () => {
    let kills = 0;
    // The next process starts up while the current one folds, as a restarted OMS would.
    let spare = prepare(1);
    for (let attempt = 1; attempt <= KILLS; attempt += 1) {
      const before = await consumed();
      if (before >= workload.events.length) break;
      const child: ChildProcess = await (await spare).go();
      spare = prepare(attempt + 1);
      await harness.waitFor(
        'the child to fold something',
        async () => ((await consumed()) > before ? true : undefined),
        15_000,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 150));
      await killHard(child);
      kills += 1;
    }
    expect(kills).toBe(KILLS);
    expect(await consumed()).toBeLessThan(workload.events.length);

    const last = await (await spare).go();
    await harness.waitFor(
      'everything folded',
      async () => ((await consumed()) >= workload.events.length ? true : undefined),
      60_000,
    );
    last.kill('SIGTERM');

    const fills = await harness.query<{ fill_id: string; sources: string[]; fee: string | null }>(
      `SELECT fill_id, sources, fee::text FROM rm_fills ORDER BY fill_id`,
    );
    expect(fills.map((fill) => fill.fill_id)).toEqual([...workload.fillIds].sort());
    expect(fills.every((fill) => fill.sources.join(',') === 'rest-poll,ws' && fill.fee !== null)).toBe(true);
    const fillEvents = await harness.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE event_type IN ('SpotFillObserved', 'FuturesFillObserved')`,
    );
    expect(fillEvents[0].n).toBe(workload.fillIds.length * 2);
    const orders = await harness.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM rm_orders GROUP BY status`,
    );
    expect(orders).toEqual([{ status: 'FILLED', n: workload.orders }]);
    const positions = await harness.query<{ key: string; contracts: string; break_id: string | null }>(
      `SELECT account || '|' || symbol || '|' || side AS key, contracts::text, break_id FROM rm_positions ORDER BY 1`,
    );
    expect(positions).toEqual(
      [...workload.positions.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, contracts]) => ({ key, contracts: String(contracts), break_id: null })),
    );
    expect(await harness.query(`SELECT count(*)::int AS n FROM oms_parked_fills`)).toEqual([{ n: 0 }]);

    const replay = new ReadModelReplay(harness.database.dataSource, new AggregateDeciders(() => undefined));
    const verified = await replay.verify();
    expect(verified.differences.map(describeDifference)).toEqual([]);
  }, 240_000);
});
