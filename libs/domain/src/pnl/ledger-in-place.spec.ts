import { Dec } from '../shared/decimal';
import { applyTrade, CostMethod, EMPTY_LEDGER, LedgerInPlace, LedgerState, LedgerTrade } from './lot-ledger';

/** Buys three times for every sale for a while (lots gather), then sells it all down and flips short. */
function trades(count: number): LedgerTrade[] {
  return Array.from({ length: count }, (_, index) => {
    const gathering = index < count * 0.6;
    const selling = gathering ? index % 4 === 3 : index % 5 !== 0;
    const sold = gathering ? 0.1 + (index % 2) / 10 : 0.6 + (index % 3) / 10;
    const quantity = new Dec(selling ? -sold : 0.1 + (index % 3) / 10);
    const price = new Dec(3_000 + ((index * 17) % 90));
    const value = price.times(quantity.abs());
    return { quantity, rawValue: value, effectiveValue: selling ? value.minus('0.3') : value.plus('0.3') };
  });
}

describe('a ledger moved forward in place', () => {
  it.each(['fifo', 'average-cost'] as const)(
    'realizes and holds what one trade at a time on a copied ledger does (%s), across its compactions',
    (method: CostMethod) => {
      const sequence = trades(4_000);
      const inPlace = new LedgerInPlace();
      let copied: LedgerState = EMPTY_LEDGER;
      let mostLots = 0;
      for (const trade of sequence) {
        const expected = applyTrade(copied, trade, method);
        const realized = inPlace.apply(trade, method);
        expect(realized).toEqual({
          closedQuantity: expected.closedQuantity,
          realizedGross: expected.realizedGross,
          realizedNet: expected.realizedNet,
        });
        copied = expected.ledger;
        mostLots = Math.max(mostLots, copied.lots.length);
      }
      expect(inPlace.state).toEqual(copied);
      // Enough lots closed for the closed front to be dropped, and the position flipped short.
      if (method === 'fifo') expect(mostLots).toBeGreaterThan(1_100);
      expect(copied.lots.every((lot) => lot.side === 'short')).toBe(true);
    },
  );
});
