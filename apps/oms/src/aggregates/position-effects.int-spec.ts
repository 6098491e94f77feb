import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldTestDatabase } from '../fold/test-support/fold-test-database';
import { decodedEnvelope } from '../fold/test-support/fold-fixtures';
import { futuresFill, futuresOrder, T0 } from '../fold/test-support/observation-builders';
import { ContractMultipliers } from '../fold/contract-multipliers';
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

  const foldAll = (...events: ReturnType<typeof futuresFill>[]) =>
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
});
