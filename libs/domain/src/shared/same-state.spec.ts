import fc from 'fast-check';
import { canonicalJson } from './canonical-json';
import { sameState } from './same-state';

describe('sameState', () => {
  it('says what comparing canonical JSON says, for any JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(sameState(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
        expect(sameState(a, JSON.parse(JSON.stringify(a)))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('ignores key order and sees one changed entry among shared ones', () => {
    const fills = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`f${index}`, { qty: '1' }]));
    const state = { executedQty: '100', fills };
    expect(sameState(state, { fills: { ...fills }, executedQty: '100' })).toBe(true);
    expect(sameState(state, { ...state, fills: { ...fills, f7: { qty: '2' } } })).toBe(false);
  });
});
