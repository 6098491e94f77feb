import {
  DomainError,
  FuturesPositionEvent,
  futuresPositionHistoryPnl,
  positionHistoryOf,
  positionStreamId,
  spotPnlReport,
  upcastEvent,
} from '@oms/domain';
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
import { foldPositions, foldSpotFills, PNL_PAGE_SIZE, PnlFoldTerms } from './pnl-history-folds';
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

  /** Runs the folds in a REPEATABLE READ transaction, as the report does. */
  const folded = async (terms: PnlFoldTerms) => {
    const runner = database.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      const spot = await foldSpotFills(runner, terms);
      const futures = await foldPositions(runner, terms);
      await runner.commitTransaction();
      return { spot, futures };
    } finally {
      await runner.release();
    }
  };

  const termsUpTo = (from: number, to: number): PnlFoldTerms => ({
    account: 'acc1',
    symbol: undefined,
    to,
    method: 'fifo',
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
    ['the whole history', T0, T0 + FILLS * HOUR_MS],
    ['a period ending mid-history', T0 + 40 * 24 * HOUR_MS, T0 + 60 * 24 * HOUR_MS],
  ])('figures %s as the domain does over every fill in memory', async (_name, from, to) => {
    const terms = termsUpTo(from, to);
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
      method: 'fifo',
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
  });

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
});
