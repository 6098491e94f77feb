import { runCommands } from '../shared/decider';
import { positionDecider, positionFill, recordFill } from '../test-support/position-builders';
import { FUTURES_ACCOUNT } from '../test-support/futures-builders';
import { FuturesPositionEvent } from './futures-position.types';
import { positionHistoryOf } from './position-history';
import { futuresPositionPnl } from './position-ledger';
import { futuresPositionHistoryPnl } from './position-history-pnl';

// LONG ETHUSDT-PERPETUAL (1 contract = 0.001 ETH): open 1000 @3000, add 1000 @3100,
// close 500 @3200 (venue realizedPnl 75), pay 0.5 USDT funding; mark 3150.
describe('futures position: open, add, partial close, funding', () => {
  const { state, events, refusal } = runCommands(positionDecider, [
    recordFill(positionFill('BUY_OPEN', '1000', '3000', { fee: { asset: 'USDT', amount: '1.8' } })),
    recordFill(positionFill('BUY_OPEN', '1000', '3100', { fee: { asset: 'USDT', amount: '1.86' } })),
    recordFill(
      positionFill('SELL_CLOSE', '500', '3200', {
        fee: { asset: 'USDT', amount: '0.96' },
        venueRealizedPnl: '75',
      }),
    ),
    {
      type: 'RecordFundingPayment',
      accountId: FUTURES_ACCOUNT,
      symbol: 'ETHUSDT-PERPETUAL',
      payment: { fundingId: '10698', amount: '-0.5', asset: 'USDT', rate: '0.0001', time: 1_722_268_800_000 },
      now: 2,
    },
  ]);

  it('is decided without refusal', () => expect(refusal).toBeNull());

  it('averages the entry by contracts and realizes the close against it', () => {
    expect(futuresPositionPnl(state, { markPrice: '3150', settlementAsset: 'USDT' })).toEqual({
      contracts: '1500',
      baseQuantity: '1.5',
      averageEntryPrice: '3050',
      realizedPnl: '75',
      feesPaid: '4.62',
      fundingPnl: '-0.5',
      netRealizedPnl: '69.88',
      unrealizedPnl: '150',
      overclosedContracts: '0',
    });
  });

  it('puts the fills on their day and the funding on its own in a report over the history', () => {
    const history = positionHistoryOf(events as FuturesPositionEvent[]);
    const report = futuresPositionHistoryPnl(history, { markPrice: '3150', settlementAsset: 'USDT' });
    expect(report).toMatchObject({
      byDay: [
        { day: '2024-07-26', realizedPnl: '75', feesPaid: '4.62', fundingPnl: '0' },
        { day: '2024-07-29', realizedPnl: '0', feesPaid: '0', fundingPnl: '-0.5' },
      ],
    });
  });

  it('agrees with the venue realizedPnl, so reconciliation raises nothing', () => {
    expect(
      positionDecider.decide({ type: 'ReconcilePosition', realizedPnlTolerance: '0.00001', now: 3 }, state),
    ).toEqual([]);
  });
});
