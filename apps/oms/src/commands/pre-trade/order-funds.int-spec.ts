import Decimal from 'decimal.js';
import { DomainError, omsClientOrderId } from '@oms/domain';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices, FoldServices } from '../../aggregates/fold-services';
import { createFoldTestDatabase } from '../../fold/test-support/fold-test-database';
import { AnswerRecordings } from '../../orders/answer-recordings';
import { CommandReadModels } from '../orders/command-read-models';
import { OrderCommands } from '../placement/order-commands';
import { FuturesOrderInput, SpotOrderInput } from '../placement/order-inputs';
import { futuresIntentOf, futuresRequestOf, spotIntentOf, spotRequestOf } from '../placement/order-intents';
import { IN_FLIGHT_STATUSES } from './order-exposure';
import { FuturesMargin, SpotFunds } from './order-funds';

const ORIGIN = { actor: 'alice', correlationId: 'funds-spec' };
const ASSETS = (symbol: string) =>
  symbol === 'BTCUSDT' ? { baseAsset: 'BTC', quoteAsset: 'USDT' } : undefined;

/** Every kind of spot order a batch may hold, as the desk sends them. */
const SPOT_ORDERS: ReadonlyArray<Omit<SpotOrderInput, 'account'>> = [
  { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.5', price: '30000' },
  { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT_MAKER', quantity: '0.25', price: '29000.5' },
  { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', amount: '1200' },
  { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.1' },
  { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', quantity: '0.75', price: '31000' },
  { symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET', quantity: '0.2' },
];

const FUTURES_ORDERS: ReadonlyArray<Omit<FuturesOrderInput, 'account'>> = [
  { symbol: 'BTCUSDT-PERPETUAL', side: 'BUY_OPEN', type: 'LIMIT', quantity: '12', price: '30000' },
  { symbol: 'BTCUSDT-PERPETUAL', side: 'SELL_OPEN', type: 'LIMIT', quantity: '5', priceType: 'MARKET' },
  { symbol: 'BTCUSDT-PERPETUAL', side: 'SELL_CLOSE', type: 'LIMIT', quantity: '3', price: '31000' },
  {
    symbol: 'BTCUSDT-PERPETUAL',
    side: 'BUY_OPEN',
    type: 'STOP',
    quantity: '4',
    stopPrice: '32000',
    price: '32100',
  },
];

describe("a batch's checks count its orders as their intents' rm_orders rows hold them", () => {
  let database: TestDatabase;
  let fold: FoldServices;
  let commands: OrderCommands;
  let readModels: CommandReadModels;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(database.dataSource, () => undefined);
    commands = new OrderCommands(fold.commands);
    readModels = new CommandReadModels(database.dataSource, new AnswerRecordings());
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('spot: what SpotFunds.hold counts equals what rm_spot_held gives the intents written, asset by asset', async () => {
    const account = 'acc-spot-funds';
    const requests = SPOT_ORDERS.map((order) => spotRequestOf({ ...order, account }));
    const results = await commands.executeAll(
      requests.map((request, index) =>
        spotIntentOf(account, omsClientOrderId(`spot-${index}`), request, ORIGIN),
      ),
      ORIGIN,
      'oms',
    );
    expect(results.filter((result) => result instanceof DomainError)).toEqual([]);

    const counted = new SpotFunds('30500', {}, []);
    requests.forEach((request) => counted.hold(request));
    const stored = await readModels.spotFunds(account, ['USDT', 'BTC']);
    const written = new SpotFunds('30500', {}, stored.holdings);

    for (const asset of ['USDT', 'BTC']) {
      const held = written.held(asset, ASSETS);
      expect({ asset, held: held.toFixed() }).toEqual({ asset, held: counted.held(asset, ASSETS).toFixed() });
      expect(held.gt(0)).toBe(true);
    }
  });

  it('futures: what FuturesMargin.hold counts equals the margin of the in-flight intents written', async () => {
    const account = 'acc-futures-margin';
    const requests = FUTURES_ORDERS.map((order) => futuresRequestOf({ ...order, account }));
    const results = await commands.executeAll(
      requests.map((request, index) =>
        futuresIntentOf(account, omsClientOrderId(`futures-${index}`), request, ORIGIN),
      ),
      ORIGIN,
      'oms',
    );
    expect(results.filter((result) => result instanceof DomainError)).toEqual([]);

    const multiplier = () => '0.001';
    const counted = new FuturesMargin('30500', '5', null, []);
    requests.forEach((request) => counted.hold(request));
    const stored = await readModels.holdingOrders(account, 'futures', IN_FLIGHT_STATUSES);
    const written = new FuturesMargin('30500', '5', null, stored);

    const held = written.held(multiplier);
    expect(held.toFixed()).toBe(counted.held(multiplier).toFixed());
    // 12 x 0.001 x 30000 / 5, 5 x 0.001 x 30500 / 5 and 4 x 0.001 x 32100 / 5 (a close holds none).
    expect(held.toFixed()).toBe(new Decimal('72').plus('30.5').plus('25.68').toFixed());
  });
});
