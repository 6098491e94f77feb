import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldTestDatabase } from '../fold/test-support/fold-test-database';
import { decodedEnvelope } from '../fold/test-support/fold-fixtures';
import { POSITION_FILL_WINDOW, POSITION_FUNDING_WINDOW, positionStreamId } from '@oms/domain';
import { ObservationEvent } from '@oms/observations';
import { futuresFill, futuresOrder, PERPETUAL, T0 } from '../fold/test-support/observation-builders';
import { ContractMultipliers } from '../fold/contract-multipliers';
import { refoldStream } from '../audit/stream-refold';
import { createFoldServices, FoldServices } from './fold-services';
import { ContractMultiplierMissingError } from './order-folder';

describe('futures fills into positions', () => {
  let database: TestDatabase;
  let multipliers: Record<string, string>;
  let fold: FoldServices;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    multipliers = {};
    fold = createFoldServices(database.dataSource, (symbol) =>
      new ContractMultipliers(multipliers).lookup(symbol),
    );
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

  it('rolls the batch back while the contract multiplier is unknown, then folds it whole once exchange info names it', async () => {
    const batch = [
      futuresOrder({
        symbol: 'SOLUSDT-PERPETUAL',
        orderId: '41',
        clientOrderId: 'ext-41',
        status: 'PARTIALLY_FILLED',
        executedQty: '2',
        avgPrice: '150',
        price: '150',
      }),
      futuresFill({
        symbol: 'SOLUSDT-PERPETUAL',
        orderId: '41',
        ticketId: 'sol-1',
        quantity: '2',
        price: '150',
      }),
    ];
    await expect(foldAll(...batch)).rejects.toBeInstanceOf(ContractMultiplierMissingError);
    expect(await database.dataSource.query(`SELECT count(*)::int AS n FROM events`)).toEqual([{ n: 0 }]);

    multipliers['SOLUSDT-PERPETUAL'] = '0.01';
    await foldAll(...batch);
    expect(
      await database.dataSource.query(
        `SELECT contracts::text, avg_price::text FROM rm_positions WHERE symbol = 'SOLUSDT-PERPETUAL'`,
      ),
    ).toEqual([{ contracts: '2', avg_price: '150' }]);
    expect(await database.dataSource.query(`SELECT fill_id FROM rm_fills WHERE order_id = '41'`)).toEqual([
      { fill_id: 'sol-1' },
    ]);
  });

  it('merges the poll report of a fill the position settled long ago into it: the fee counted once, the contracts not again', async () => {
    multipliers[PERPETUAL] = '0.001';
    const fills = POSITION_FILL_WINDOW + 6;
    const streamReport = (k: number) =>
      futuresFill({
        orderId: '51',
        ticketId: `w-${k}`,
        quantity: '1',
        fee: null,
        realizedPnl: null,
        tradeTime: T0 + 10 + k,
        source: 'ws',
      });
    await foldAll(
      futuresOrder({ orderId: '51', clientOrderId: 'ext-51', origQty: '1000' }),
      ...Array.from({ length: fills }, (_, k) => streamReport(k)),
    );
    const pollReport = futuresFill({
      orderId: '51',
      ticketId: 'w-0',
      quantity: '1',
      fee: { asset: 'USDT', amount: '0.5' },
      tradeTime: T0 + 10,
    });
    await foldAll(pollReport);
    await foldAll(pollReport);

    const position = positionStreamId('acc1', PERPETUAL, 'LONG');
    expect(
      await database.dataSource.query(
        `SELECT contracts::text, fees::text FROM rm_positions WHERE symbol = $1`,
        [PERPETUAL],
      ),
    ).toEqual([{ contracts: String(fills), fees: '0.5' }]);
    expect(
      await database.dataSource.query(
        `SELECT payload -> 'replaces' ->> 'fillId' AS replaces FROM events
          WHERE stream_id = $1 AND payload #>> '{fill,fillId}' = 'w-0' ORDER BY stream_version`,
        [position],
      ),
    ).toEqual([{ replaces: null }, { replaces: 'w-0' }]);
    const [{ state }] = await database.dataSource.query(
      `SELECT state FROM oms_aggregate_states WHERE stream_id = $1`,
      [position],
    );
    expect(state.recent).toHaveLength(POSITION_FILL_WINDOW);
    expect(state.settled.fillCount).toBe(fills - POSITION_FILL_WINDOW);
    // A replay folds the stored events alone (no lookups) to the state the live fold kept.
    const replayed = await refoldStream(database.dataSource, fold.deciders, position);
    expect(state).toEqual(JSON.parse(JSON.stringify(replayed.state)));
  });

  it('records a funding payment older than those the position keeps once, however often the ledger reports it again, and a late new one', async () => {
    const payments = POSITION_FUNDING_WINDOW + 4;
    const payment = (k: number, source: 'rest-poll' | 'ws'): ObservationEvent => ({
      type: 'FundingPaymentObserved',
      schemaVersion: 1,
      data: {
        accountId: 'acc1',
        flowId: `fund-${k}`,
        asset: 'USDT',
        symbol: PERPETUAL,
        amount: '-0.25',
        balanceAfter: null,
        flowType: 'FUNDING_FEE',
        settledAt: T0 + 1_000 + k * 28_800_000,
        source,
      },
    });
    await foldAll(...Array.from({ length: payments }, (_, k) => payment(k, 'rest-poll')));
    const position = positionStreamId('acc1', PERPETUAL, 'LONG');
    const countEvents = async () =>
      (
        await database.dataSource.query(
          `SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND event_type = 'FundingPaymentRecorded'`,
          [position],
        )
      )[0].n;
    expect(await countEvents()).toBe(payments);
    await foldAll(payment(0, 'ws'), payment(1, 'ws'));
    expect(await countEvents()).toBe(payments);
    // A payment as old, never reported before, is recorded (into the totals).
    const late = payment(1, 'rest-poll');
    await foldAll({ ...late, data: { ...late.data, flowId: 'fund-late' } } as ObservationEvent);
    expect(await countEvents()).toBe(payments + 1);
    expect(
      await database.dataSource.query(`SELECT funding::text FROM rm_positions WHERE symbol = $1`, [
        PERPETUAL,
      ]),
    ).toEqual([{ funding: String(-0.25 * (payments + 1)) }]);
  });
});
