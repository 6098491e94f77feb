import {
  DomainError,
  FuturesPositionEvent,
  futuresPositionHistoryPnl,
  positionHistoryOf,
  positionStreamId,
  spotPnlReport,
  upcastEvent,
} from '@oms/domain';
import { QueryRunner } from 'typeorm';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { undoMigrationsThrough } from '@oms/persistence/test-support/undo-migrations';
import { ObservationEvent } from '@oms/observations';
import { createFoldServices, FoldServices } from '../../aggregates/fold-services';
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
import { CheckpointsToKeep, HistoryWatches } from './pnl-checkpoints';
import { foldPositions, foldSpotFills, historyEndOf, PNL_PAGE_SIZE, PnlFoldTerms } from './pnl-history-folds';
import { inReportSnapshot } from './pnl-report-snapshot';
import { periodDays } from './pnl-report.builder';

const HOUR_MS = 3_600_000;
/** More fills than a page, of each market: the folds cross page boundaries. */
const FILLS = PNL_PAGE_SIZE + 700;
const position = positionStreamId('acc1', PERPETUAL, 'LONG');

/** Opens on even fills, closes on every third; each fill an hour after the last, every 50th reported late. */
function workload(): ObservationEvent[] {
  const futures: ObservationEvent[] = [
    futuresOrder({ orderId: 'open', side: 'BUY_OPEN', origQty: String(FILLS * 2), status: 'NEW' }),
    futuresOrder({ orderId: 'close', side: 'SELL_CLOSE', origQty: String(FILLS * 2), status: 'NEW' }),
  ];
  const spot: ObservationEvent[] = [spotOrder({ orderId: 'buy', origQty: '100000' })];
  for (let index = 0; index < FILLS; index += 1) {
    const closes = index % 3 === 2;
    futures.push(
      futuresFill({
        orderId: closes ? 'close' : 'open',
        orderSide: closes ? 'SELL_CLOSE' : 'BUY_OPEN',
        direction: closes ? 'SELL' : 'BUY',
        ticketId: `f${index}`,
        quantity: closes ? '1' : '2',
        price: String(2_400 + (index % 97)),
        tradeTime: T0 + index * HOUR_MS,
      }),
    );
    spot.push(
      spotFill({
        orderId: 'buy',
        ticketId: `s${index}`,
        side: index % 3 === 2 ? 'SELL' : 'BUY',
        qty: '0.1',
        price: String(3_000 + (index % 89)),
        tradeTime: T0 + index * HOUR_MS,
      }),
    );
  }
  // Reported late: after fills later in time.
  for (const fills of [futures, spot]) {
    for (let index = 50; index < fills.length; index += 50) {
      [fills[index - 20], fills[index]] = [fills[index], fills[index - 20]];
    }
  }
  return [...futures, ...spot];
}

describe('P&L history folds: a page at a time, the same report as over the whole history', () => {
  let database: TestDatabase;
  let fold: FoldServices;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(database.dataSource, new ContractMultipliers(MULTIPLIERS).lookup);
    const events = workload();
    for (let start = 0; start < events.length; start += 500) {
      await fold.transactions.run(async (context) => {
        for (const [index, event] of events.slice(start, start + 500).entries()) {
          await fold.observations.fold(context, decodedEnvelope(event, T0 + start + index));
        }
      });
    }
  }, 120_000);

  afterAll(async () => {
    await database?.drop();
  });

  /**
   * Runs `work` as a report does (`inReportSnapshot`): the histories watched, one
   * REPEATABLE READ snapshot, the checkpoints kept after it. `before` runs first in the
   * snapshot, once it is taken.
   */
  const inReportTransaction = async <T>(
    terms: PnlFoldTerms,
    work: (runner: QueryRunner, toKeep: CheckpointsToKeep) => Promise<T>,
    before?: () => Promise<void>,
  ): Promise<T> => {
    const runner = database.dataSource.createQueryRunner();
    await runner.connect();
    try {
      return await inReportSnapshot(runner, terms, async (toKeep) => {
        // The snapshot is taken by the first statement, before `before` changes anything.
        await runner.query('SELECT 1');
        await before?.();
        return work(runner, toKeep);
      });
    } finally {
      await runner.release();
    }
  };

  const folded = (terms: PnlFoldTerms) =>
    inReportTransaction(terms, async (runner, toKeep) => ({
      spot: await foldSpotFills(runner, terms, toKeep),
      futures: await foldPositions(runner, terms, toKeep),
    }));

  /** Folds one observation as the fold does, in a transaction of its own. */
  const foldObservation = async (event: ObservationEvent, recordedAt: number): Promise<void> => {
    await fold.transactions.run(async (context) => {
      await fold.observations.fold(context, decodedEnvelope(event, recordedAt));
    });
  };

  /** Another report's watches of the scope's histories, begun on a connection of its own. */
  const watchedElsewhere = async (terms: PnlFoldTerms): Promise<void> => {
    const runner = database.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await HistoryWatches.start(runner, terms);
    } finally {
      await runner.release();
    }
  };

  /** Runs `work` while another transaction holds the rows `hold` wrote, uncommitted. */
  const whileHeld = async <T>(hold: string, parameters: unknown[], work: () => Promise<T>): Promise<T> => {
    const holder = database.dataSource.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query(hold, parameters);
      return await work();
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
  };

  /**
   * Runs `report` with a writer that takes `hold` once the report's snapshot is taken
   * (`before`) and holds it, uncommitted, until the report has ended: while it keeps.
   */
  const heldFromWithinTheReport = async <T>(
    hold: string,
    parameters: unknown[],
    report: (before: () => Promise<void>) => Promise<T>,
  ): Promise<T> => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding: Promise<void> = Promise.resolve();
    try {
      return await report(
        () =>
          new Promise<void>((taken) => {
            holding = whileHeld(hold, parameters, async () => {
              taken();
              await released;
            });
          }),
      );
    } finally {
      release();
      await holding;
    }
  };

  const termsUpTo = (
    from: number,
    to: number,
    method: PnlFoldTerms['method'] = 'average-cost',
  ): PnlFoldTerms => ({
    account: 'acc1',
    symbol: undefined,
    to,
    historyEnd: historyEndOf(from),
    method,
    marks: new Map([
      [PERPETUAL, { price: '2450' }],
      ['ETHUSDT', { price: '3050' }],
    ]),
    feeAssetPrices: { ETH: '3050' },
    keepDay: periodDays(from, to),
  });

  const positionEvents = async (): Promise<FuturesPositionEvent[]> =>
    (
      await database.dataSource.query<
        Array<{ event_type: string; schema_version: number; payload: unknown }>
      >(
        `SELECT event_type, schema_version, payload FROM events WHERE stream_id = $1 ORDER BY stream_version`,
        [position],
      )
    ).map((row) => {
      const event = upcastEvent({
        type: row.event_type,
        schemaVersion: row.schema_version,
        data: row.payload,
      });
      if (event instanceof DomainError) throw event;
      return event as FuturesPositionEvent;
    });

  it.each([
    ['the whole history', T0, T0 + FILLS * HOUR_MS, 'fifo'],
    ['a period ending mid-history', T0 + 40 * 24 * HOUR_MS, T0 + 60 * 24 * HOUR_MS, 'fifo'],
    ['the whole history', T0, T0 + FILLS * HOUR_MS, 'average-cost'],
    ['a period ending mid-history', T0 + 40 * 24 * HOUR_MS, T0 + 60 * 24 * HOUR_MS, 'average-cost'],
  ] as const)(
    'figures %s as the domain does over every fill in memory, by %s',
    async (_name, from, to, method) => {
      const terms = termsUpTo(from, to, method);
      const { spot, futures } = await folded(terms);

      const history = positionHistoryOf(await positionEvents());
      expect(history.fills.length).toBe(FILLS);
      const expectedFutures = futuresPositionHistoryPnl(
        {
          ...history,
          fills: history.fills.filter((fill) => fill.time < to),
          funding: history.funding.filter((payment) => payment.time < to),
        },
        { markPrice: '2450', settlementAsset: 'USDT', feeAssetPrices: terms.feeAssetPrices },
        method,
      );
      if (expectedFutures instanceof DomainError) throw expectedFutures;
      expect(futures.get(PERPETUAL)).toEqual([
        { ...expectedFutures, byDay: expectedFutures.byDay.filter((line) => terms.keepDay(line.day)) },
      ]);

      const spotRows = await database.dataSource.query<
        Array<{
          fill_id: string;
          side: 'BUY' | 'SELL';
          price: string;
          qty: string;
          fee: string;
          time_ms: string;
        }>
      >(
        `SELECT fill_id, side, price::text, qty::text, fee::text, (extract(epoch FROM time) * 1000)::bigint AS time_ms
         FROM rm_fills WHERE market = 'spot'`,
      );
      expect(spotRows.length).toBe(FILLS);
      const expectedSpot = spotPnlReport({
        baseAsset: 'ETH',
        quoteAsset: 'USDT',
        method,
        markPrice: '3050',
        feeAssetPrices: terms.feeAssetPrices,
        fills: spotRows
          .map((row) => ({
            fillId: row.fill_id,
            side: row.side,
            price: row.price,
            qty: row.qty,
            fee: { asset: 'ETH', amount: row.fee },
            time: Number(row.time_ms),
          }))
          .filter((fill) => fill.time < to),
      });
      if (expectedSpot instanceof DomainError) throw expectedSpot;
      expect(spot.get('ETHUSDT')).toEqual({
        ...expectedSpot,
        byDay: expectedSpot.byDay.filter((line) => terms.keepDay(line.day)),
      });
    },
  );

  it('fills rm_position_fills from the log as the fold writes it (the migration on an existing store)', async () => {
    const written = await database.dataSource.query(
      `SELECT * FROM rm_position_fills ORDER BY account, symbol, side, fill_id`,
    );
    expect(written).toHaveLength(FILLS);
    await undoMigrationsThrough(database.dataSource, 'PositionFills1795790000000');
    await database.dataSource.runMigrations({ transaction: 'each' });
    expect(
      await database.dataSource.query(
        `SELECT * FROM rm_position_fills ORDER BY account, symbol, side, fill_id`,
      ),
    ).toEqual(written);
  });

  describe('position checkpoints', () => {
    const from = T0 + 40 * 24 * HOUR_MS;
    const to = T0 + 60 * 24 * HOUR_MS;
    const checkpointRows = () =>
      database.dataSource.query<Array<{ before_ms: string; checkpoint: { realizedGross: string } }>>(
        `SELECT before_ms, checkpoint FROM rm_pnl_checkpoints WHERE account = 'acc1' AND symbol = $1 AND side = 'LONG'`,
        [PERPETUAL],
      );
    /** The report's futures folds (of the one position). */
    const foldedFutures = async (terms: PnlFoldTerms, before?: () => Promise<void>) =>
      (
        await inReportTransaction(terms, (runner, toKeep) => foldPositions(runner, terms, toKeep), before)
      ).get(PERPETUAL)![0];

    beforeEach(async () => {
      await database.dataSource.query('DELETE FROM rm_pnl_checkpoints');
    });

    it('a report keeps one at the start of its period, and the next report resumes from it', async () => {
      const terms = termsUpTo(from, to);
      const first = await foldedFutures(terms);
      const rows = await checkpointRows();
      expect(rows.map((row) => Number(row.before_ms))).toEqual([historyEndOf(from)]);
      expect(await foldedFutures(terms)).toEqual(first);

      // The next report takes the history from the checkpoint, not from the fills before it.
      const shifted = {
        ...rows[0].checkpoint,
        realizedGross: String(Number(rows[0].checkpoint.realizedGross) + 1000),
      };
      await database.dataSource.query(`UPDATE rm_pnl_checkpoints SET checkpoint = $1::jsonb`, [
        JSON.stringify(shifted),
      ]);
      const resumed = await foldedFutures(terms);
      expect(Number(resumed.realizedPnl) - Number(first.realizedPnl)).toBeCloseTo(1000, 6);
    });

    it('a later period resumes from the newest checkpoint before it and figures what a whole fold figures', async () => {
      await foldedFutures(termsUpTo(from, to));
      const later = termsUpTo(from + 10 * 24 * HOUR_MS, to + 10 * 24 * HOUR_MS);
      const resumed = await foldedFutures(later);
      await database.dataSource.query('DELETE FROM rm_pnl_checkpoints');
      const whole = await foldedFutures({ ...later, historyEnd: T0 - 24 * HOUR_MS });
      expect(resumed).toEqual(whole);
      expect((await checkpointRows()).map((row) => Number(row.before_ms))).toEqual([]);
    });

    it('is kept while the fold writes later fills, not when a fill before it changed after the report read it', async () => {
      const terms = termsUpTo(from, to);
      const expected = await foldedFutures(terms);
      await database.dataSource.query('DELETE FROM rm_pnl_checkpoints');

      // The live fold goes on: a new fill after the period, folded once the report's snapshot is taken.
      const newFill = futuresFill({
        orderId: 'open',
        orderSide: 'BUY_OPEN',
        direction: 'BUY',
        ticketId: 'while-reporting',
        quantity: '2',
        price: '2500',
        tradeTime: to + HOUR_MS,
      });
      expect(await foldedFutures(terms, () => foldObservation(newFill, T0 + 999_990))).toEqual(expected);
      expect((await checkpointRows()).map((row) => Number(row.before_ms))).toEqual([historyEndOf(from)]);
      await database.dataSource.query('DELETE FROM rm_pnl_checkpoints');

      // A fill before the checkpoint changed after the snapshot: the report did not see it.
      const touchFill = (fillId: string) => async () =>
        void (await database.dataSource.query(`UPDATE rm_position_fills SET fill = fill WHERE fill_id = $1`, [
          fillId,
        ]));
      expect(await foldedFutures(terms, touchFill('f10'))).toEqual(expected);
      expect(await checkpointRows()).toEqual([]);

      // Nor when another report's watch began since: the change it cleared was still missed.
      const otherReport = async () => {
        await touchFill('f11')();
        await watchedElsewhere(terms);
      };
      expect(await foldedFutures(terms, otherReport)).toEqual(expected);
      expect(await checkpointRows()).toEqual([]);
    });

    it('is not kept while a writer holds the history, before the report or while it keeps', async () => {
      const terms = termsUpTo(from, to);
      const expected = await foldedFutures(terms);
      await database.dataSource.query('DELETE FROM rm_pnl_checkpoints');
      const holdFill = `UPDATE rm_position_fills SET fill = fill WHERE fill_id = $1`;
      // Held before the report: its watch cannot start.
      expect(await whileHeld(holdFill, ['f2000'], () => foldedFutures(terms))).toEqual(expected);
      expect(await checkpointRows()).toEqual([]);
      // Taken after the report's snapshot and still held when it keeps: whether it reaches before the checkpoint is not known yet.
      expect(
        await heldFromWithinTheReport(holdFill, ['f2001'], (before) => foldedFutures(terms, before)),
      ).toEqual(expected);
      expect(await checkpointRows()).toEqual([]);
    });

    it('a fill changed before a checkpoint (the fee a poll adds) removes it; one changed after it does not', async () => {
      await foldedFutures(termsUpTo(from, to));
      const touch = (fillId: string) =>
        database.dataSource.query(`UPDATE rm_position_fills SET fill = fill WHERE fill_id = $1`, [fillId]);
      const after = (
        await database.dataSource.query<Array<{ fill_id: string }>>(
          `SELECT fill_id FROM rm_position_fills WHERE time_ms >= $1 ORDER BY time_ms LIMIT 1`,
          [historyEndOf(from)],
        )
      )[0].fill_id;
      await touch(after);
      expect(await checkpointRows()).toHaveLength(1);
      await touch('f10');
      expect(await checkpointRows()).toEqual([]);
    });

    it('a fill reported late, before a checkpoint, removes it, and the next report counts the fill', async () => {
      const terms = termsUpTo(from, to);
      const before = await foldedFutures(terms);
      expect(await checkpointRows()).toHaveLength(1);
      await fold.transactions.run(async (context) => {
        await fold.observations.fold(
          context,
          decodedEnvelope(
            futuresFill({
              orderId: 'open',
              orderSide: 'BUY_OPEN',
              direction: 'BUY',
              ticketId: 'late-before-checkpoint',
              quantity: '2',
              price: '1000',
              tradeTime: from - 30 * 24 * HOUR_MS + 1,
            }),
            T0 + 999_999,
          ),
        );
      });
      expect(await checkpointRows()).toEqual([]);
      const after = await foldedFutures(terms);
      expect(after).not.toEqual(before);
      await database.dataSource.query('DELETE FROM rm_pnl_checkpoints');
      expect(await foldedFutures({ ...terms, historyEnd: T0 - 24 * HOUR_MS })).toEqual(after);
    });
  });

  describe('spot checkpoints', () => {
    /** Spot keeps a checkpoint per cost method; these take FIFO's. */
    const fifoTerms = (from: number, to: number) => termsUpTo(from, to, 'fifo');
    const from = T0 + 40 * 24 * HOUR_MS;
    const to = T0 + 60 * 24 * HOUR_MS;
    const checkpointRows = () =>
      database.dataSource.query<
        Array<{ before_ms: string; method: string; checkpoint: { realizedNet: string } }>
      >(
        `SELECT before_ms, method, checkpoint FROM rm_spot_pnl_checkpoints WHERE account = 'acc1' AND symbol = 'ETHUSDT'`,
      );
    /** The report's spot folds (of the one symbol). */
    const foldedSpot = async (terms: PnlFoldTerms, before?: () => Promise<void>) =>
      (
        await inReportTransaction(terms, (runner, toKeep) => foldSpotFills(runner, terms, toKeep), before)
      ).get('ETHUSDT')!;
    const wholeHistory = (terms: PnlFoldTerms) => ({ ...terms, historyEnd: T0 - 24 * HOUR_MS });
    const touchSpotFill = (fillId: string) =>
      database.dataSource.query(`UPDATE rm_fills SET fee = fee WHERE market = 'spot' AND fill_id = $1`, [
        fillId,
      ]);

    beforeEach(async () => {
      await database.dataSource.query('DELETE FROM rm_spot_pnl_checkpoints');
    });

    it('a report keeps one at the start of its period for its method, and the next report resumes from it', async () => {
      const terms = fifoTerms(from, to);
      const first = await foldedSpot(terms);
      const rows = await checkpointRows();
      expect(rows.map((row) => [Number(row.before_ms), row.method])).toEqual([[historyEndOf(from), 'fifo']]);
      expect(await foldedSpot(terms)).toEqual(first);

      const shifted = {
        ...rows[0].checkpoint,
        realizedNet: String(Number(rows[0].checkpoint.realizedNet) + 1000),
      };
      await database.dataSource.query(`UPDATE rm_spot_pnl_checkpoints SET checkpoint = $1::jsonb`, [
        JSON.stringify(shifted),
      ]);
      const resumed = await foldedSpot(terms);
      expect(Number(resumed.realizedPnl) - Number(first.realizedPnl)).toBeCloseTo(1000, 6);
      // Another method has checkpoints of its own.
      await foldedSpot({ ...terms, method: 'average-cost' });
      expect((await checkpointRows()).map((row) => row.method).sort()).toEqual(['average-cost', 'fifo']);
    });

    it('a later period resumes from the newest checkpoint before it and figures what a whole fold figures', async () => {
      await foldedSpot(fifoTerms(from, to));
      const later = fifoTerms(from + 10 * 24 * HOUR_MS, to + 10 * 24 * HOUR_MS);
      const resumed = await foldedSpot(later);
      expect(await checkpointRows()).toHaveLength(2);
      expect(await foldedSpot(wholeHistory(later))).toEqual(resumed);
    });

    it('is kept while the fold writes later fills, not when a fill before it changed after the report read it', async () => {
      const terms = fifoTerms(from, to);
      const expected = await foldedSpot(terms);
      await database.dataSource.query('DELETE FROM rm_spot_pnl_checkpoints');

      const newFill = spotFill({
        orderId: 'buy',
        ticketId: 'while-reporting',
        side: 'BUY',
        qty: '0.1',
        price: '3100',
        tradeTime: to + HOUR_MS,
      });
      expect(await foldedSpot(terms, () => foldObservation(newFill, T0 + 999_991))).toEqual(expected);
      expect((await checkpointRows()).map((row) => Number(row.before_ms))).toEqual([historyEndOf(from)]);
      await database.dataSource.query('DELETE FROM rm_spot_pnl_checkpoints');

      expect(await foldedSpot(terms, async () => void (await touchSpotFill('s10')))).toEqual(expected);
      expect(await checkpointRows()).toEqual([]);

      const otherReport = async () => {
        await touchSpotFill('s11');
        await watchedElsewhere(terms);
      };
      expect(await foldedSpot(terms, otherReport)).toEqual(expected);
      expect(await checkpointRows()).toEqual([]);
    });

    it('is not kept while a writer holds the fills, before the report or while it keeps', async () => {
      const terms = fifoTerms(from, to);
      const expected = await foldedSpot(terms);
      await database.dataSource.query('DELETE FROM rm_spot_pnl_checkpoints');
      const holdFill = `UPDATE rm_fills SET fee = fee WHERE market = 'spot' AND fill_id = $1`;
      expect(await whileHeld(holdFill, ['s2000'], () => foldedSpot(terms))).toEqual(expected);
      expect(await checkpointRows()).toEqual([]);

      expect(
        await heldFromWithinTheReport(holdFill, ['s2001'], (before) => foldedSpot(terms, before)),
      ).toEqual(expected);
      expect(await checkpointRows()).toEqual([]);
    });

    it('a fill changed before a checkpoint removes it, one after it does not; a late fill is counted next time', async () => {
      const terms = fifoTerms(from, to);
      const before = await foldedSpot(terms);
      await touchSpotFill('s2600');
      expect(await checkpointRows()).toHaveLength(1);
      await touchSpotFill('s10');
      expect(await checkpointRows()).toEqual([]);

      await foldedSpot(terms);
      expect(await checkpointRows()).toHaveLength(1);
      await fold.transactions.run(async (context) => {
        await fold.observations.fold(
          context,
          decodedEnvelope(
            spotFill({
              orderId: 'buy',
              ticketId: 'late-spot',
              side: 'BUY',
              qty: '0.1',
              price: '100',
              tradeTime: T0 + 7,
            }),
            T0 + 999_998,
          ),
        );
      });
      expect(await checkpointRows()).toEqual([]);
      const after = await foldedSpot(terms);
      expect(after).not.toEqual(before);
      expect(await foldedSpot(wholeHistory(terms))).toEqual(after);
    });

    it('keeps none once a fee was paid in a third asset, whose value follows the prices', async () => {
      await database.dataSource.query(
        `UPDATE rm_fills SET fee_asset = 'HSK' WHERE market = 'spot' AND fill_id = 's5'`,
      );
      const terms = { ...fifoTerms(from, to), feeAssetPrices: { ETH: '3050', HSK: '0.5' } };
      const report = await foldedSpot(terms);
      expect(await checkpointRows()).toEqual([]);
      expect(await foldedSpot(terms)).toEqual(report);
    });
  });
});
