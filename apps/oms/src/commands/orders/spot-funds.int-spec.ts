import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { DomainError, omsClientOrderId, readSpotOrderRequest } from '@oms/domain';
import { createFoldServices, FoldServices } from '../../aggregates/fold-services';
import { createFoldTestDatabase } from '../../fold/test-support/fold-test-database';
import { HOLDING_STATUSES, spotHeld } from '../pre-trade/order-exposure';
import { CommandReadModels } from './command-read-models';

const ACCOUNT = 'acc-funds';
const T0 = 1_763_900_000_000;
const BTCUSDT = () => ({ baseAsset: 'BTC', quoteAsset: 'USDT' });

describe('CommandReadModels.spotFunds on Postgres', () => {
  let database: TestDatabase;
  let fold: FoldServices;
  let readModels: CommandReadModels;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(database.dataSource, () => undefined);
    readModels = new CommandReadModels(database.dataSource);
  });

  afterAll(async () => {
    await database.drop();
  });

  async function place(name: string, fields: Record<string, string>) {
    const clientOrderId = omsClientOrderId(name);
    const ref = { market: 'spot', accountId: ACCOUNT, clientOrderId } as const;
    const request = readSpotOrderRequest({ accountId: ACCOUNT, symbol: 'BTCUSDT', ...fields });
    const result = await fold.commands.execute(
      ref,
      { type: 'PlaceSpotOrder', clientOrderId, actor: 'alice', request, now: T0 },
      { actor: 'alice', correlationId: `place-${name}` },
    );
    if (result instanceof DomainError) throw result;
    return ref;
  }

  it('sums what holding orders keep per symbol and side, leaving out orders no longer holding', async () => {
    await place('funds1', { side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '30000' });
    await place('funds2', { side: 'BUY', type: 'MARKET', timeInForce: 'IOC', amount: '1000' });
    await place('funds3', { side: 'BUY', type: 'MARKET', timeInForce: 'IOC', quantity: '0.5' });
    await place('funds4', { side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '2', price: '31000' });
    const rejected = await place('funds5', {
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '3',
      price: '29000',
    });
    const refusal = await fold.commands.execute(
      rejected,
      {
        type: 'RecordSubmissionRejected',
        venueCode: '-1131',
        venueMessage: 'Balance insufficient',
        now: T0 + 1,
      },
      { actor: 'alice', correlationId: 'reject-funds5', source: 'rest-ack' },
    );
    expect(refusal).not.toBeInstanceOf(DomainError);
    await database.dataSource.query(
      `INSERT INTO rm_balances (account, wallet, asset, free, locked, total, updated_at)
       VALUES ($1, 'spot', 'USDT', 50000, 0, 50000, now())`,
      [ACCOUNT],
    );

    const funds = await readModels.spotFunds(ACCOUNT, 'USDT', HOLDING_STATUSES);

    expect(funds.total).toBe('50000');
    // Buys: 1 x 30000 at their limit, 1000 unspent, 0.5 by quantity at the reference price.
    expect(spotHeld(funds.holdings, 'USDT', BTCUSDT, () => '32000').toFixed()).toBe('47000');
    expect(spotHeld(funds.holdings, 'BTC', BTCUSDT, () => '32000').toFixed()).toBe('2');
  });

  it('answers no total and nothing held for an account without balances or orders', async () => {
    expect(await readModels.spotFunds('acc-empty', 'USDT', HOLDING_STATUSES)).toEqual({
      total: null,
      holdings: [],
    });
  });
});
