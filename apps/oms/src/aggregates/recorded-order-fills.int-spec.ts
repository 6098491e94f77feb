import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { ORDER_FILL_WINDOW, futuresOrderStreamId, orderStreamKey, spotOrderStreamId } from '@oms/domain';
import { ObservationEvent } from '@oms/observations';
import { createFoldTestDatabase } from '../fold/test-support/fold-test-database';
import { decodedEnvelope } from '../fold/test-support/fold-fixtures';
import {
  MULTIPLIERS,
  PERPETUAL,
  T0,
  futuresFill,
  futuresOrder,
  spotFill,
  spotOrder,
} from '../fold/test-support/observation-builders';
import { ContractMultipliers } from '../fold/contract-multipliers';
import { describeDifference } from '../audit/replay-compare';
import { ReadModelReplay } from '../audit/read-model-replay';
import { refoldStream } from '../audit/stream-refold';
import { AggregateDeciders } from './aggregate-deciders';
import { createFoldServices, FoldServices } from './fold-services';

const FEE = { asset: 'ETH', amount: '0.0001' };

describe('fill reports of an order older than the fills it keeps', () => {
  let database: TestDatabase;
  let fold: FoldServices;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(database.dataSource, new ContractMultipliers(MULTIPLIERS).lookup);
  });

  afterAll(async () => {
    await database.drop();
  });

  const foldAll = (...events: ObservationEvent[]) =>
    fold.transactions.run(async (context) => {
      for (const [index, event] of events.entries()) {
        await fold.observations.fold(context, decodedEnvelope(event, T0 + index));
      }
    });

  const fillRow = (orderId: string, fillId: string) =>
    database.dataSource.query(
      `SELECT qty::text, fee::text, fee_asset, sources FROM rm_fills WHERE order_id = $1 AND fill_id = $2`,
      [orderId, fillId],
    );

  const keptState = async (streamId: string) => {
    const [{ state }] = await database.dataSource.query(
      `SELECT state FROM oms_aggregate_states WHERE stream_id = $1`,
      [streamId],
    );
    return state;
  };

  /** A spot order's fills reported by the stream only, 1 ms apart (so a late report is near the totals). */
  const streamReports = (orderId: string, count: number) =>
    Array.from({ length: count }, (_, k) =>
      spotFill({ orderId, ticketId: `${orderId}-${k}`, fee: null, source: 'ws', tradeTime: T0 + 10 + k }),
    );
  const pollReport = (orderId: string, k: number, overrides = {}) =>
    spotFill({ orderId, ticketId: `${orderId}-${k}`, fee: FEE, tradeTime: T0 + 10 + k, ...overrides });

  it('merges the poll report (with the fee) of a spot fill settled in an earlier batch into it, counted once', async () => {
    const fills = ORDER_FILL_WINDOW + 6;
    await foldAll(spotOrder({ orderId: '61', clientOrderId: 'ext-61', origQty: '100' }));
    await foldAll(...streamReports('61', fills));
    await foldAll(pollReport('61', 0));
    await foldAll(pollReport('61', 0));

    expect(await fillRow('61', '61-0')).toEqual([
      { qty: '0.1', fee: '0.0001', fee_asset: 'ETH', sources: ['rest-poll', 'ws'] },
    ]);
    expect(
      await database.dataSource.query(`SELECT count(*)::int AS n FROM rm_fills WHERE order_id = '61'`),
    ).toEqual([{ n: fills }]);
    const streamId = spotOrderStreamId('acc1', orderStreamKey({ orderId: '61', clientOrderId: 'ext-61' }));
    const state = await keptState(streamId);
    expect(state.recentFills).toHaveLength(ORDER_FILL_WINDOW);
    expect(state.settledFills).toMatchObject({ count: fills - ORDER_FILL_WINDOW, qty: '0.6' });
    expect(
      await database.dataSource.query(
        `SELECT payload #>> '{replaces,fillId}' AS replaces, payload #>> '{fill,fee,amount}' AS fee FROM events
          WHERE stream_id = $1 AND event_type = 'OrderFillSettled'`,
        [streamId],
      ),
    ).toEqual([{ replaces: '61-0', fee: '0.0001' }]);
    // A replay folds the stored events alone (no lookups) to the state the live fold kept.
    const replayed = await refoldStream(database.dataSource, fold.deciders, streamId);
    expect(state).toEqual(JSON.parse(JSON.stringify(replayed.state)));
  });

  it('finds the stream report decided earlier in the same transaction, and raises a contradicting report as a break', async () => {
    const fills = ORDER_FILL_WINDOW + 3;
    await foldAll(
      spotOrder({ orderId: '62', clientOrderId: 'ext-62', origQty: '100' }),
      ...streamReports('62', fills),
      pollReport('62', 1),
      pollReport('62', 2, { price: '2999' }),
    );
    expect(await fillRow('62', '62-1')).toEqual([
      { qty: '0.1', fee: '0.0001', fee_asset: 'ETH', sources: ['rest-poll', 'ws'] },
    ]);
    const state = await keptState(
      spotOrderStreamId('acc1', orderStreamKey({ orderId: '62', clientOrderId: 'ext-62' })),
    );
    expect(state.settledFills.count + state.recentFills.length).toBe(fills);
    expect(Object.keys(state.breaks)).toEqual(['ext-62:fill-contradiction:62-2']);
  });

  it('matches a ticketless futures trades row to the settled stream fill: its fee reaches the fill and the position, the contracts do not double', async () => {
    const fills = ORDER_FILL_WINDOW + 4;
    await foldAll(
      futuresOrder({ orderId: '71', clientOrderId: 'ext-71', origQty: '1000' }),
      ...Array.from({ length: fills }, (_, k) =>
        futuresFill({
          orderId: '71',
          ticketId: `71-${k}`,
          quantity: '1',
          price: String(2500 + k),
          fee: null,
          realizedPnl: null,
          tradeTime: T0 + 10 + k,
          source: 'ws',
        }),
      ),
    );
    await foldAll(
      futuresFill({
        orderId: '71',
        ticketId: null,
        tradeId: 'trade-71-0',
        quantity: '1',
        price: '2500',
        fee: { asset: 'USDT', amount: '0.25' },
        tradeTime: T0 + 12,
      }),
    );
    expect(
      await database.dataSource.query(
        `SELECT fill_id, fee::text, sources FROM rm_fills WHERE order_id = '71' AND fee IS NOT NULL`,
      ),
    ).toEqual([{ fill_id: '71-0', fee: '0.25', sources: ['rest-poll', 'ws'] }]);
    expect(
      await database.dataSource.query(`SELECT count(*)::int AS n FROM rm_fills WHERE order_id = '71'`),
    ).toEqual([{ n: fills }]);
    expect(
      await database.dataSource.query(
        `SELECT contracts::text, fees::text FROM rm_positions WHERE account = 'acc1' AND symbol = $1`,
        [PERPETUAL],
      ),
    ).toEqual([{ contracts: String(fills), fees: '0.25' }]);
    const state = await keptState(
      futuresOrderStreamId('acc1', orderStreamKey({ orderId: '71', clientOrderId: 'ext-71' })),
    );
    expect(state.settledFills.count + state.recentFills.length).toBe(fills);
  });

  it('keeps every report of a kept fill that newer fills push out in the batch that reports it again, as a replay of the log does', async () => {
    await foldAll(spotOrder({ orderId: '81', clientOrderId: 'ext-81', origQty: '100' }));
    await foldAll(...streamReports('81', 1));
    // One transaction: the poll report (with the fee) of the kept fill, then enough newer
    // fills to push it out of the kept ones.
    await foldAll(
      pollReport('81', 0),
      ...Array.from({ length: ORDER_FILL_WINDOW }, (_, k) =>
        spotFill({ orderId: '81', ticketId: `81-${k + 1}`, fee: null, source: 'ws', tradeTime: T0 + 11 + k }),
      ),
    );

    expect(await fillRow('81', '81-0')).toEqual([
      { qty: '0.1', fee: '0.0001', fee_asset: 'ETH', sources: ['rest-poll', 'ws'] },
    ]);
    const verified = await new ReadModelReplay(
      database.dataSource,
      new AggregateDeciders(() => undefined),
    ).verify();
    expect(verified.differences.map(describeDifference)).toEqual([]);
  });
});
