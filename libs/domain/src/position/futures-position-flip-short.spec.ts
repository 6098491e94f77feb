import { runCommands } from '../shared/decider';
import { DomainError, DomainErrorCode } from '../shared/domain-error';
import { positionDecider, positionFill, recordFill } from '../test-support/position-builders';
import { futuresPositionPnl } from './position-ledger';

// Hedge mode: flipping from long to short closes the LONG position and opens the SHORT
// one; each is its own aggregate (position:<account>:<symbol>:LONG / :SHORT).
describe('futures position: flip short in hedge mode', () => {
  const long = runCommands(positionDecider, [
    recordFill(positionFill('BUY_OPEN', '1000', '3000')),
    recordFill(positionFill('SELL_CLOSE', '1000', '2900', { venueRealizedPnl: '-100' })),
  ]);
  const short = runCommands(positionDecider, [recordFill(positionFill('SELL_OPEN', '500', '2900'))]);

  it('the long closes flat with the loss realized', () => {
    expect(futuresPositionPnl(long.state, { markPrice: '2800', settlementAsset: 'USDT' })).toMatchObject({
      contracts: '0',
      realizedPnl: '-100',
      unrealizedPnl: '0',
    });
  });

  it('the short gains as the mark falls', () => {
    expect(futuresPositionPnl(short.state, { markPrice: '2800', settlementAsset: 'USDT' })).toMatchObject({
      contracts: '500',
      averageEntryPrice: '2900',
      unrealizedPnl: '50',
    });
  });

  it('buying the short back realizes the gain on it', () => {
    const covered = runCommands(
      positionDecider,
      [recordFill(positionFill('BUY_CLOSE', '500', '2850'))],
      short.state,
    );
    expect(futuresPositionPnl(covered.state, { markPrice: '2800', settlementAsset: 'USDT' })).toMatchObject({
      contracts: '0',
      realizedPnl: '25',
    });
  });

  it('refuses a SELL_OPEN fill in the LONG position stream', () => {
    const refused = positionDecider.decide(recordFill(positionFill('SELL_OPEN', '1', '2900')), long.state);
    expect((refused as DomainError).code).toBe(DomainErrorCode.FillDoesNotMatchPosition);
  });

  it('closing more than is open never flips a hedge position: reconciliation raises a break', () => {
    const overclosed = runCommands(
      positionDecider,
      [
        recordFill(positionFill('SELL_CLOSE', '300', '2950')),
        {
          type: 'RecordPositionObservation',
          observation: {
            accountId: long.state.accountId ?? '',
            symbol: 'ETHUSDT-PERPETUAL',
            side: 'LONG',
            avgPrice: '0',
            position: '0',
            available: '0',
            leverage: null,
            liquidationPrice: null,
            margin: null,
            positionValue: null,
            unrealizedPnl: null,
            realizedPnl: null,
            lastPrice: null,
            updateTime: 1_800_000_000_000,
            source: 'rest-poll',
          },
          now: 5,
        },
        { type: 'ReconcilePosition', realizedPnlTolerance: '0.01', now: 6 },
      ],
      long.state,
    );
    const [found] = Object.values(overclosed.state.breaks);
    expect(found).toMatchObject({ kind: 'position-mismatch', oms: { overclosedContracts: '300' } });
  });
});
