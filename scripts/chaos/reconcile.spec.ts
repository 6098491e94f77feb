import { differencesBetween, OmsView } from './reconcile';

const venue = {
  accountBalances: [{ balances: [{ asset: 'USDT', total: '1000', free: '900', locked: '100' }] }],
  futuresBalances: [{ asset: 'USDT', balance: '500.5' }],
  spotOrders: [{ orderId: '11', clientOrderId: 'oms-a', status: 'FILLED', executedQty: '0.01' }],
  spotTrades: [
    {
      ticketId: 't1',
      orderId: '11',
      symbol: 'BTCUSDT',
      time: 1_764_000_000_000,
      price: '67000',
      quantity: '0.01',
    },
  ],
  futuresOrders: [{ orderId: '21', clientOrderId: 'ext-1', status: 'NEW', executedQty: '0' }],
  futuresTrades: [],
  positions: [{ symbol: 'BTCUSDT-PERPETUAL', side: 'LONG', position: '5' }],
};

const oms: OmsView = {
  orders: [
    { id: 'o1', orderId: '11', status: 'FILLED', executedQty: '0.0100' },
    { id: 'o2', orderId: '21', status: 'NEW', executedQty: '0' },
  ],
  fills: [{ fillId: 't1', price: '67000.0', qty: '0.01' }],
  positions: [{ symbol: 'BTCUSDT-PERPETUAL', side: 'LONG', contracts: '5' }],
  balances: [
    { wallet: 'spot', asset: 'USDT', free: '900', locked: '100', total: '1000' },
    { wallet: 'futures', asset: 'USDT', total: '500.50' },
  ],
};

describe('fault suite reconciliation', () => {
  it('finds nothing when the OMS equals the venue, decimals compared by value', () => {
    expect(differencesBetween(oms, venue)).toEqual([]);
  });

  it('names each difference: a missing fill, a stale status, a double placement, a position and a balance', () => {
    const differences = differencesBetween(
      {
        ...oms,
        orders: [oms.orders[0], { ...oms.orders[1], status: 'UNCERTAIN' }],
        fills: [],
        positions: [{ symbol: 'BTCUSDT-PERPETUAL', side: 'LONG', contracts: '4' }],
        balances: [oms.balances[1]],
      },
      {
        ...venue,
        futuresOrders: [
          ...venue.futuresOrders,
          {
            orderId: '22',
            clientOrderId: 'ext-1',
            symbol: 'BTCUSDT-PERPETUAL',
            time: 1_764_000_000_500,
            status: 'NEW',
            executedQty: '0',
          },
        ],
      },
    );
    expect(differences).toEqual([
      'order o2: still UNCERTAIN after quiescence',
      'order 21: status OMS UNCERTAIN, venue NEW',
      'order 22 (ext-1, BTCUSDT-PERPETUAL, NEW, time 1764000000500): at the venue, not in the OMS',
      'client order id ext-1: placed 2 times at the venue',
      'fill t1 of order 11 (BTCUSDT, time 1764000000000): at the venue, not in the OMS',
      'position BTCUSDT-PERPETUAL LONG: OMS 4 contracts, venue 5',
      'spot USDT free: OMS missing, venue 900',
      'spot USDT locked: OMS missing, venue 100',
      'spot USDT total: OMS missing, venue 1000',
    ]);
  });
});
