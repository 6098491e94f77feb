import fc from 'fast-check';
import { Dec } from '../shared/decimal';
import { AnyOrderCoreState, initialOrderCoreState, realFillFigures } from './order-core.state';
import { OrderFill } from './order-fills';

describe('realFillFigures', () => {
  it('sums quantity and price times quantity over the settled totals and the kept fills, at 40 digits', () => {
    const decimalText = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 45n }), fc.nat({ max: 30 }))
      .map(([digits, scale]) => new Dec(digits.toString()).dividedBy(new Dec(10).pow(scale)).toFixed());
    fc.assert(
      fc.property(
        decimalText,
        decimalText,
        fc.array(fc.record({ qty: decimalText, price: decimalText }), { maxLength: 6 }),
        (settledQty, settledQuote, fills) => {
          const state = {
            ...initialOrderCoreState(),
            settledFills: { ...initialOrderCoreState().settledFills, qty: settledQty, quote: settledQuote },
            recentFills: fills.map(
              (fill, index) => ({ ...fill, fillId: `f${index}`, time: index }) as unknown as OrderFill,
            ),
          } as AnyOrderCoreState;
          let qty = new Dec(settledQty);
          let quote = new Dec(settledQuote);
          for (const fill of fills) {
            qty = qty.plus(fill.qty);
            quote = quote.plus(new Dec(fill.price).times(fill.qty));
          }
          const figures = realFillFigures(state);
          expect(figures.qty.toFixed()).toBe(qty.toFixed());
          expect(figures.quote.toFixed()).toBe(quote.toFixed());
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
