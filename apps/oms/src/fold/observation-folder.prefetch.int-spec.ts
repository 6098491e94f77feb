import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { POSITION_FILL_WINDOW, POSITION_FUNDING_WINDOW } from '@oms/domain';
import { ObservationEvent } from '@oms/observations';
import { createFoldServices, FoldServices } from '../aggregates/fold-services';
import { ContractMultipliers } from './contract-multipliers';
import { createFoldTestDatabase } from './test-support/fold-test-database';
import { decodedEnvelope } from './test-support/fold-fixtures';
import { futuresFill, futuresOrder, PERPETUAL, T0 } from './test-support/observation-builders';

const LOOKUP_OF_ONE_REPORT =
  /FROM events\s+WHERE stream_id = \$1 AND event_type = '(PositionFillRecorded|FundingPaymentRecorded)'/;

describe('a batch prefetch reads the recorded position reports ahead', () => {
  let database: TestDatabase;
  let fold: FoldServices;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(database.dataSource, new ContractMultipliers({ [PERPETUAL]: '0.001' }).lookup);
  });

  afterAll(async () => {
    await database.drop();
  });

  /** Folds the events as the Kafka fold does (prefetch, then each event); returns the statements run. */
  const foldBatch = async (events: readonly ObservationEvent[]): Promise<string[]> => {
    const statements: string[] = [];
    await fold.transactions.run(async (context) => {
      const query = context.executor.query.bind(context.executor);
      jest.spyOn(context.executor, 'query').mockImplementation((sql: string, parameters?: unknown[]) => {
        statements.push(sql);
        return query(sql, parameters);
      });
      const envelopes = events.map((event, index) => decodedEnvelope(event, T0 + index));
      await fold.observations.prefetch(context, envelopes);
      for (const envelope of envelopes) await fold.observations.fold(context, envelope);
    });
    return statements;
  };

  const payment = (k: number, flowId = `fund-${k}`): ObservationEvent => ({
    type: 'FundingPaymentObserved',
    schemaVersion: 1,
    data: {
      accountId: 'acc1',
      flowId,
      asset: 'USDT',
      symbol: PERPETUAL,
      amount: '-0.25',
      balanceAfter: null,
      flowType: 'FUNDING_FEE',
      settledAt: T0 + 1_000 + k * 28_800_000,
      source: 'rest-poll',
    },
  });

  it('merges poll reports of fills and payments the position settled long ago, repeats in one batch included, with no lookup of its own each', async () => {
    const fills = POSITION_FILL_WINDOW + 6;
    const streamReport = (k: number) =>
      futuresFill({
        orderId: '61',
        ticketId: `p-${k}`,
        quantity: '1',
        fee: null,
        realizedPnl: null,
        tradeTime: T0 + 10 + k,
        source: 'ws',
      });
    const payments = POSITION_FUNDING_WINDOW + 4;
    await foldBatch([
      futuresOrder({ orderId: '61', clientOrderId: 'ext-61', origQty: '1000' }),
      ...Array.from({ length: fills }, (_, k) => streamReport(k)),
      ...Array.from({ length: payments }, (_, k) => payment(k)),
    ]);

    const pollReport = (k: number) =>
      futuresFill({
        orderId: '61',
        ticketId: `p-${k}`,
        quantity: '1',
        fee: { asset: 'USDT', amount: '0.5' },
        tradeTime: T0 + 10 + k,
      });
    // The second report of fund-late meets the first, decided in the same batch.
    const statements = await foldBatch([
      pollReport(0),
      pollReport(1),
      payment(0),
      payment(1),
      payment(2, 'fund-late'),
      payment(2, 'fund-late'),
    ]);

    expect(statements.filter((sql) => LOOKUP_OF_ONE_REPORT.test(sql))).toEqual([]);
    expect(
      await database.dataSource.query(
        `SELECT contracts::text, fees::text, funding::text FROM rm_positions WHERE symbol = $1`,
        [PERPETUAL],
      ),
    ).toEqual([{ contracts: String(fills), fees: '1', funding: String(-0.25 * (payments + 1)) }]);
  });
});
