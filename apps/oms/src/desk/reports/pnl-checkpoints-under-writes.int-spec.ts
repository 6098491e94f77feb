import { ObservationEvent } from '@oms/observations';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices, FoldServices } from '../../aggregates/fold-services';
import { ContractMultipliers } from '../../fold/contract-multipliers';
import { decodedEnvelope } from '../../fold/test-support/fold-fixtures';
import { createFoldTestDatabase } from '../../fold/test-support/fold-test-database';
import {
  futuresFill,
  futuresOrder,
  MULTIPLIERS,
  spotFill,
  spotOrder,
  T0,
} from '../../fold/test-support/observation-builders';
import { historyEndOf } from './pnl-history-folds';
import { PnlReportHandler, PnlReportQuery } from './pnl-report.query';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Fills of each market in the history, an hour apart: about eight days. */
const HISTORY_FILLS = 200;
/** Fills the writer folds while the reports run: every third one before the checkpoint. */
const WRITES = 90;
const REPORTERS = 3;
const PERIOD_FROM = T0 + 5 * DAY_MS;
const CHECKPOINT_AT = historyEndOf(PERIOD_FROM);

function futuresFillAt(ticketId: string, index: number, tradeTime: number): ObservationEvent {
  const closes = index % 3 === 2;
  return futuresFill({
    orderId: closes ? 'close' : 'open',
    orderSide: closes ? 'SELL_CLOSE' : 'BUY_OPEN',
    direction: closes ? 'SELL' : 'BUY',
    ticketId,
    quantity: closes ? '1' : '2',
    price: String(2_400 + (index % 37)),
    tradeTime,
  });
}

function spotFillAt(ticketId: string, index: number, tradeTime: number): ObservationEvent {
  return spotFill({
    orderId: 'buy',
    ticketId,
    side: index % 3 === 2 ? 'SELL' : 'BUY',
    qty: '0.1',
    price: String(3_000 + (index % 41)),
    tradeTime,
  });
}

/**
 * Write k: every third a fill reported late, before the checkpoint's time (the kind
 * that makes a checkpoint stale); the others new fills after it, as the live fold writes.
 */
function writeAt(index: number): ObservationEvent {
  const late = index % 3 === 0;
  const tradeTime = late
    ? T0 + ((index * 7) % 100) * HOUR_MS + 30 * 60_000
    : T0 + 7 * DAY_MS + index * 60_000;
  return index % 2 === 0
    ? futuresFillAt(`write-f${index}`, index, tradeTime)
    : spotFillAt(`write-s${index}`, index, tradeTime);
}

describe('P&L checkpoints while the fold writes the histories: none kept is stale', () => {
  let database: TestDatabase;
  let fold: FoldServices;
  let reports: PnlReportHandler;
  const report = new PnlReportQuery(
    'acc1',
    undefined,
    new Date(PERIOD_FROM),
    new Date(PERIOD_FROM + DAY_MS),
    'average-cost',
    'symbol',
  );

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(database.dataSource, new ContractMultipliers(MULTIPLIERS).lookup);
    const history: ObservationEvent[] = [
      futuresOrder({ orderId: 'open', side: 'BUY_OPEN', origQty: '100000', status: 'NEW' }),
      futuresOrder({ orderId: 'close', side: 'SELL_CLOSE', origQty: '100000', status: 'NEW' }),
      spotOrder({ orderId: 'buy', origQty: '100000' }),
    ];
    for (let index = 0; index < HISTORY_FILLS; index += 1) {
      history.push(
        futuresFillAt(`f${index}`, index, T0 + index * HOUR_MS),
        spotFillAt(`s${index}`, index, T0 + index * HOUR_MS),
      );
    }
    await fold.transactions.run(async (context) => {
      for (const [index, event] of history.entries()) {
        await fold.observations.fold(context, decodedEnvelope(event, T0 + index));
      }
    });
    reports = new PnlReportHandler(database.dataSource);
  }, 60_000);

  afterAll(async () => {
    await database?.drop();
  });

  const checkpoints = () =>
    database.dataSource.query<Array<{ history: string; before_ms: string; checkpoint: unknown }>>(
      `SELECT 'position ' || side AS history, before_ms, checkpoint FROM rm_pnl_checkpoints
       UNION ALL
       SELECT 'spot ' || method, before_ms, checkpoint FROM rm_spot_pnl_checkpoints
       ORDER BY 1`,
    );

  /**
   * Checkpoints whose fills disagree with the fills before their time, both read in one
   * snapshot: a kept checkpoint must count every fill before it that is committed, since
   * a change that commits after it is kept deletes it.
   */
  const staleCheckpoints = async (): Promise<string[]> => {
    const runner = database.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      const rows = (await runner.query(
        `SELECT 'position ' || c.side AS history, (c.checkpoint ->> 'realFills')::int AS counted,
                (SELECT count(*)::int FROM rm_position_fills f
                  WHERE f.account = c.account AND f.symbol = c.symbol AND f.side = c.side
                    AND f.time_ms < c.before_ms) AS committed
           FROM rm_pnl_checkpoints c
         UNION ALL
         SELECT 'spot ' || c.method, (c.checkpoint ->> 'fillsCounted')::int,
                (SELECT count(*)::int FROM rm_fills f
                  WHERE f.account = c.account AND f.symbol = c.symbol AND f.market = 'spot'
                    AND f.time < to_timestamp(c.before_ms / 1000.0))
           FROM rm_spot_pnl_checkpoints c`,
      )) as Array<{ history: string; counted: number; committed: number }>;
      await runner.commitTransaction();
      return rows
        .filter((row) => row.counted !== row.committed)
        .map((row) => `${row.history}: ${row.counted} fills counted, ${row.committed} committed`);
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  };

  it('no checkpoint ever misses a fill before it, and what stays equals a report from scratch', async () => {
    let writing = true;
    let keptSeen = 0;
    const stale = new Set<string>();
    const writer = (async () => {
      try {
        for (let index = 0; index < WRITES; index += 1) {
          await fold.transactions.run(async (context) => {
            await fold.observations.fold(context, decodedEnvelope(writeAt(index), T0 + 10_000 + index));
          });
        }
      } finally {
        writing = false;
      }
    })();
    const reporter = async (reporterIndex: number) => {
      for (let round = 0; writing; round += 1) {
        await reports.execute(report);
        // Now and then start over, so checkpoints are kept again while the fold writes.
        if ((round + reporterIndex) % 3 === 0) {
          await database.dataSource.query('DELETE FROM rm_pnl_checkpoints');
          await database.dataSource.query('DELETE FROM rm_spot_pnl_checkpoints');
        }
      }
    };
    const checker = async () => {
      while (writing) {
        for (const found of await staleCheckpoints()) stale.add(found);
        const [{ kept }] = await database.dataSource.query<Array<{ kept: number }>>(
          `SELECT (SELECT count(*) FROM rm_pnl_checkpoints) + (SELECT count(*) FROM rm_spot_pnl_checkpoints) AS kept`,
        );
        keptSeen += Number(kept);
      }
    };
    await Promise.all([
      writer,
      checker(),
      ...Array.from({ length: REPORTERS }, (_, index) => reporter(index)),
    ]);
    expect([...stale]).toEqual([]);
    expect(keptSeen).toBeGreaterThan(0);

    // Once the writes are over, a report keeps whatever none kept yet (a kept one stays).
    await reports.execute(report);
    const kept = await checkpoints();
    await database.dataSource.query('DELETE FROM rm_pnl_checkpoints');
    await database.dataSource.query('DELETE FROM rm_spot_pnl_checkpoints');
    await reports.execute(report);
    const fromScratch = await checkpoints();
    expect(fromScratch.map((row) => [row.history, Number(row.before_ms)])).toEqual([
      ['position LONG', CHECKPOINT_AT],
      ['spot average-cost', CHECKPOINT_AT],
    ]);
    expect(kept).toEqual(fromScratch);
  }, 120_000);
});
