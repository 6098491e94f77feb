import fc from 'fast-check';
import {
  createFuturesPositionDecider,
  DomainError,
  FuturesPositionEvent,
  FuturesPositionState,
  futuresPositionPnl,
} from '@oms/domain';
import { PositionFiguresCache } from './position-figures';

const decider = createFuturesPositionDecider({ contractMultiplier: () => '0.001' });

const fillArbitrary = fc.record({
  id: fc.integer({ min: 0, max: 40 }),
  time: fc.integer({ min: 0, max: 1_000 }),
  closes: fc.boolean(),
  contracts: fc.integer({ min: 1, max: 5 }),
  price: fc.integer({ min: 2_400, max: 2_600 }),
  fee: fc.constantFrom(null, '0.1', '0.25'),
});

describe('PositionFiguresCache', () => {
  it('gives what the domain P&L report gives after every fill: appended, late, re-reported or merged', () => {
    fc.assert(
      fc.property(fc.array(fillArbitrary, { minLength: 1, maxLength: 40 }), (fills) => {
        const cache = new PositionFiguresCache();
        let state: FuturesPositionState = decider.initialState;
        for (const fill of fills) {
          const decided = decider.decide(
            {
              type: 'RecordPositionFill',
              fill: {
                accountId: 'a',
                symbol: 'ETHUSDT-PERPETUAL',
                fillId: `f${fill.id}`,
                orderId: 'o',
                orderSide: fill.closes ? 'SELL_CLOSE' : 'BUY_OPEN',
                price: String(fill.price),
                contracts: String(fill.contracts),
                fee: fill.fee === null ? null : { asset: 'USDT', amount: fill.fee },
                venueRealizedPnl: null,
                time: fill.time + fill.id,
                inferred: false,
              },
              now: 1,
            },
            state,
          );
          if (decided instanceof DomainError) continue;
          state = (decided as FuturesPositionEvent[]).reduce(decider.evolve, state);
          const report = futuresPositionPnl(state, { markPrice: null, settlementAsset: 'USDT' });
          if (report instanceof DomainError) throw report;
          expect(cache.figures('p', state, 'USDT')).toEqual({
            contracts: report.contracts,
            avgPrice: report.contracts === '0' ? null : report.averageEntryPrice,
            realizedPnl: report.realizedPnl,
            fees: report.feesPaid,
            funding: report.fundingPnl,
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('leaves a fee in another asset to the domain report', () => {
    const decided = decider.decide(
      {
        type: 'RecordPositionFill',
        fill: {
          accountId: 'a',
          symbol: 'ETHUSDT-PERPETUAL',
          fillId: 'f1',
          orderId: 'o',
          orderSide: 'BUY_OPEN',
          price: '2500',
          contracts: '1',
          fee: { asset: 'BNB', amount: '0.1' },
          venueRealizedPnl: null,
          time: 1,
          inferred: false,
        },
        now: 1,
      },
      decider.initialState,
    ) as FuturesPositionEvent[];
    expect(
      new PositionFiguresCache().figures('p', decided.reduce(decider.evolve, decider.initialState), 'USDT'),
    ).toBeNull();
  });
});
