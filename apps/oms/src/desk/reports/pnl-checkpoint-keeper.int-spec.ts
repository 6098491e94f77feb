import { utcDayStart } from '@oms/domain';
import { register } from 'prom-client';
import { ObservationEvent } from '@oms/observations';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices } from '../../aggregates/fold-services';
import { ContractMultipliers } from '../../fold/contract-multipliers';
import { decodedEnvelope } from '../../fold/test-support/fold-fixtures';
import { createFoldTestDatabase } from '../../fold/test-support/fold-test-database';
import {
  futuresFill,
  futuresOrder,
  MULTIPLIERS,
  PERPETUAL,
  spotFill,
  spotOrder,
  T0,
} from '../../fold/test-support/observation-builders';
import { CHECKPOINT_DAYS_KEPT, PnlCheckpointKeeper } from './pnl-checkpoint-keeper';
import { PnlReportHandler, PnlReportQuery } from './pnl-report.query';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A fill of each market every six hours for ten days. */
const FILLS = 40;
/** Eight and a half days in: a day start with 32 or more fills of each market before it. */
const NOW = T0 + 8 * DAY_MS + 12 * HOUR_MS;
const DAY_START = utcDayStart(NOW);

function workload(): ObservationEvent[] {
  const events: ObservationEvent[] = [
    futuresOrder({ orderId: 'open', side: 'BUY_OPEN', origQty: '1000', status: 'NEW' }),
    futuresOrder({ orderId: 'close', side: 'SELL_CLOSE', origQty: '1000', status: 'NEW' }),
    spotOrder({ orderId: 'buy', origQty: '1000' }),
  ];
  for (let index = 0; index < FILLS; index += 1) {
    const closes = index % 2 === 1;
    const tradeTime = T0 + index * 6 * HOUR_MS;
    events.push(
      futuresFill({
        orderId: closes ? 'close' : 'open',
        orderSide: closes ? 'SELL_CLOSE' : 'BUY_OPEN',
        direction: closes ? 'SELL' : 'BUY',
        ticketId: `f${index}`,
        quantity: '1',
        price: String(2_400 + index),
        tradeTime,
      }),
      spotFill({
        orderId: 'buy',
        ticketId: `s${index}`,
        side: index % 3 === 2 ? 'SELL' : 'BUY',
        qty: '0.1',
        price: String(3_000 + index),
        tradeTime,
      }),
    );
  }
  return events;
}

/** The value of a registered metric with exactly these labels (0 before its first count). */
async function metricValue(name: string, labels: Record<string, string>): Promise<number> {
  const metric = register.getSingleMetric(name);
  if (metric === undefined) return 0;
  const { values } = await metric.get();
  const found = values.find((value) => JSON.stringify(value.labels) === JSON.stringify(labels));
  return found?.value ?? 0;
}

describe('P&L checkpoint keeper: every history resumes from the day start', () => {
  let database: TestDatabase;
  let reports: PnlReportHandler;
  let keeper: PnlCheckpointKeeper;
  const fillsBefore = (time: number) =>
    Array.from({ length: FILLS }, (_, index) => T0 + index * 6 * HOUR_MS).filter((at) => at < time).length;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    const fold = createFoldServices(database.dataSource, new ContractMultipliers(MULTIPLIERS).lookup);
    await fold.transactions.run(async (context) => {
      for (const [index, event] of workload().entries()) {
        await fold.observations.fold(context, decodedEnvelope(event, T0 + index));
      }
    });
    reports = new PnlReportHandler(database.dataSource);
    keeper = new PnlCheckpointKeeper(database.dataSource, reports, ['acc1']);
  }, 60_000);

  afterAll(async () => {
    await database?.drop();
  });

  beforeEach(async () => {
    await database.dataSource.query('DELETE FROM rm_pnl_checkpoints');
    await database.dataSource.query('DELETE FROM rm_spot_pnl_checkpoints');
  });

  const positionCheckpoints = () =>
    database.dataSource.query<Array<{ side: string; before_ms: string; realFills: number }>>(
      `SELECT side, before_ms, (checkpoint ->> 'realFills')::int AS "realFills"
         FROM rm_pnl_checkpoints ORDER BY side, before_ms`,
    );
  const spotCheckpoints = () =>
    database.dataSource.query<Array<{ method: string; before_ms: string; fills: number }>>(
      `SELECT method, before_ms, (checkpoint ->> 'fillsCounted')::int AS fills
         FROM rm_spot_pnl_checkpoints ORDER BY method, before_ms`,
    );

  it("keeps each history's checkpoint at the day's start, for both spot methods; the day's report is unchanged", async () => {
    const dayReport = (method: 'average-cost' | 'fifo') =>
      reports.execute(
        new PnlReportQuery('acc1', undefined, new Date(DAY_START), new Date(NOW), method, 'symbol'),
      );
    const wholeHistory = { fifo: await dayReport('fifo'), average: await dayReport('average-cost') };
    await database.dataSource.query('DELETE FROM rm_pnl_checkpoints');
    await database.dataSource.query('DELETE FROM rm_spot_pnl_checkpoints');

    expect(await keeper.keepAt(NOW)).toEqual({ ran: true, reports: 2, failed: 0, deleted: 0 });
    const before = fillsBefore(DAY_START);
    expect(await positionCheckpoints()).toEqual([
      { side: 'LONG', before_ms: String(DAY_START), realFills: before },
    ]);
    expect(await spotCheckpoints()).toEqual([
      { method: 'average-cost', before_ms: String(DAY_START), fills: before },
      { method: 'fifo', before_ms: String(DAY_START), fills: before },
    ]);
    expect(await dayReport('fifo')).toEqual(wholeHistory.fifo);
    expect(await dayReport('average-cost')).toEqual(wholeHistory.average);

    // A later round of the same day has nothing new to fold, and keeps what it has.
    expect(await keeper.keepAt(NOW + HOUR_MS)).toEqual({ ran: true, reports: 2, failed: 0, deleted: 0 });
    expect(await positionCheckpoints()).toHaveLength(1);
    expect(await spotCheckpoints()).toHaveLength(2);
  });

  it("counts its rounds by outcome, and the latest round's time, in the metrics", async () => {
    const ranBefore = await metricValue('oms_pnl_checkpoint_rounds_total', { outcome: 'ran' });
    const skippedBefore = await metricValue('oms_pnl_checkpoint_rounds_total', { outcome: 'skipped' });
    await keeper.keepAt(NOW);
    const other = database.dataSource.createQueryRunner();
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtextextended('oms:pnl-checkpoint-keeper', 0))`);
      await keeper.keepAt(NOW);
      await other.query(`SELECT pg_advisory_unlock(hashtextextended('oms:pnl-checkpoint-keeper', 0))`);
    } finally {
      await other.release();
    }
    expect(await metricValue('oms_pnl_checkpoint_rounds_total', { outcome: 'ran' })).toBe(ranBefore + 1);
    expect(await metricValue('oms_pnl_checkpoint_rounds_total', { outcome: 'skipped' })).toBe(
      skippedBefore + 1,
    );
    expect(await metricValue('oms_pnl_checkpoint_last_round_seconds', {})).toBeGreaterThan(0);
  });

  it('does nothing while another OMS process holds the keeper', async () => {
    const other = database.dataSource.createQueryRunner();
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtextextended('oms:pnl-checkpoint-keeper', 0))`);
      expect(await keeper.keepAt(NOW)).toEqual({ ran: false, reports: 0, failed: 0, deleted: 0 });
      expect(await positionCheckpoints()).toEqual([]);
      await other.query(`SELECT pg_advisory_unlock(hashtextextended('oms:pnl-checkpoint-keeper', 0))`);
      expect((await keeper.keepAt(NOW)).ran).toBe(true);
    } finally {
      await other.release();
    }
  });

  it('starts no further report once shutdown has begun', async () => {
    const stopping = new PnlCheckpointKeeper(database.dataSource, reports, ['acc1']);
    await stopping.beforeApplicationShutdown();
    expect(await stopping.keepAt(NOW)).toEqual({ ran: true, reports: 0, failed: 0, deleted: 0 });
    expect(await positionCheckpoints()).toEqual([]);
    expect((await keeper.keepAt(NOW)).ran).toBe(true);
  });

  it("deletes checkpoints older than a week, but a month's first day's and each history's newest", async () => {
    await keeper.keepAt(NOW);
    const [{ checkpoint }] = await database.dataSource.query<Array<{ checkpoint: unknown }>>(
      `SELECT checkpoint FROM rm_pnl_checkpoints`,
    );
    const monthStart = Date.UTC(2025, 10, 1);
    const weekAgo = DAY_START - CHECKPOINT_DAYS_KEPT * DAY_MS;
    const kept = (side: string, beforeMs: number) =>
      database.dataSource.query(
        `INSERT INTO rm_pnl_checkpoints (account, symbol, side, before_ms, checkpoint) VALUES ('acc1', $1, $2, $3, $4)`,
        [PERPETUAL, side, beforeMs, checkpoint],
      );
    await kept('LONG', monthStart);
    await kept('LONG', monthStart + 2 * DAY_MS);
    await kept('LONG', weekAgo - DAY_MS);
    await kept('LONG', weekAgo);
    await kept('SHORT', monthStart + 3 * DAY_MS);

    expect(await keeper.keepAt(NOW)).toEqual({ ran: true, reports: 2, failed: 0, deleted: 2 });
    expect((await positionCheckpoints()).map((row) => [row.side, Number(row.before_ms)])).toEqual([
      ['LONG', monthStart],
      ['LONG', weekAgo],
      ['LONG', DAY_START],
      ['SHORT', monthStart + 3 * DAY_MS],
    ]);
  });
});
