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

  it('says what the filtered key lists said, for any values, undefined members and holes included', () => {
    const filteredKeys = (a: unknown, b: unknown): boolean => {
      if (a === b) return true;
      if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
      if (Array.isArray(a) !== Array.isArray(b)) return false;
      const left = a as Record<string, unknown>;
      const right = b as Record<string, unknown>;
      const keys = Object.keys(left).filter((key) => left[key] !== undefined);
      if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
      return keys.every(
        (key) => Object.prototype.hasOwnProperty.call(right, key) && filteredKeys(left[key], right[key]),
      );
    };
    const structuredCopy = (value: unknown): unknown => {
      try {
        return structuredClone(value);
      } catch {
        return value;
      }
    };
    const values = fc.anything({ maxDepth: 3, withSparseArray: true, withNullPrototype: true });
    fc.assert(
      fc.property(values, values, (a, b) => {
        expect(sameState(a, b)).toBe(filteredKeys(a, b));
        expect(sameState(a, structuredCopy(a))).toBe(filteredKeys(a, structuredCopy(a)));
      }),
      { numRuns: 2_000 },
    );
    const shared = { q: '1' };
    const pairs: Array<[unknown, unknown]> = [
      [{ a: 1, b: undefined }, { a: 1 }],
      [{ a: 1 }, { a: 1, b: undefined }],
      [{ a: undefined }, { b: undefined }],
      [
        { a: 1, b: undefined },
        { b: 1, a: 1 },
      ],
      [[1, undefined], [1]],
      [
        [shared, shared],
        [shared, { q: '1' }],
      ],
      [{ a: shared }, { a: { q: '2' } }],
    ];
    for (const [a, b] of pairs) expect(sameState(a, b)).toBe(filteredKeys(a, b));
  });

  it('ignores key order and sees one changed entry among shared ones', () => {
    const fills = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`f${index}`, { qty: '1' }]));
    const state = { executedQty: '100', fills };
    expect(sameState(state, { fills: { ...fills }, executedQty: '100' })).toBe(true);
    expect(sameState(state, { ...state, fills: { ...fills, f7: { qty: '2' } } })).toBe(false);
  });
});
