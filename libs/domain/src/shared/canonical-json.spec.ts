import fc from 'fast-check';
import { canonicalJson, checkedCanonicalJson } from './canonical-json';

/** The text, or the error's type and message. */
function outcome(write: () => string): string {
  try {
    return write();
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

describe('canonicalJson', () => {
  it('sorts keys at every level and leaves undefined members out', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null }, e: undefined })).toBe(
      '{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ 10: 'ten', 9: 'nine', b: true })).toBe('{"10":"ten","9":"nine","b":true}');
  });

  it('names where a value that is not JSON data is', () => {
    expect(() => canonicalJson({ a: [{ b: Number.NaN }] })).toThrow(
      new TypeError('$.a[0].b is not a finite number'),
    );
    expect(() => canonicalJson({ a: [1, undefined] })).toThrow(
      new TypeError('$.a[1] holds a undefined, which is not JSON data'),
    );
    expect(() => canonicalJson({ z: 1, a: { f: () => 1 } })).toThrow(
      new TypeError('$.a.f holds a function, which is not JSON data'),
    );
    expect(() => canonicalJson(2n)).toThrow(new TypeError('$ holds a bigint, which is not JSON data'));
  });

  describe('writes what the path-tracking writer writes, or fails as it fails', () => {
    const keys = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('__proto__', 'toJSON', '0', '1', '9', '10', '01', '-1', ''),
      fc.nat().map(String),
    );

    it('for any value', () => {
      const options = {
        key: keys,
        maxDepth: 4,
        withBoxedValues: true,
        withMap: true,
        withSet: true,
        withObjectString: true,
        withNullPrototype: true,
        withDate: true,
        withTypedArray: true,
        withSparseArray: true,
        withUnicodeString: true,
        withBigInt: true,
      };
      fc.assert(
        fc.property(fc.anything(options), (value) => {
          expect(outcome(() => canonicalJson(value))).toBe(outcome(() => checkedCanonicalJson(value)));
        }),
        { numRuns: 5_000 },
      );
    });

    it('for JSON data of any shape', () => {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
          expect(canonicalJson(value)).toBe(checkedCanonicalJson(value));
        }),
        { numRuns: 5_000 },
      );
    });

    it('for states and fills as the deciders compare them', () => {
      const values: unknown[] = [
        {
          fillId: '500393-1',
          orderId: '500393',
          orderSide: 'BUY_OPEN',
          price: '2500',
          contracts: '1',
          contractMultiplier: '0.001',
          fee: null,
          venueRealizedPnl: null,
          time: 1_763_900_003_931,
          inferred: false,
        },
        { price: '2500', qty: '1', fee: { asset: 'USDT', amount: '0.25' }, note: undefined },
        { text: 'quote " backslash \\ tab \t newline \n nul \u0000 é 日本 😀 lone \ud800 end' },
        { b: [1, 'two', null, { y: 1, x: [] }], a: -0, c: 1e21, d: 5e-7 },
        Object.assign(Object.create(null) as object, { b: 1, a: 2 }),
        { amount: new Number(3), label: new String('xy'), entries: new Map([['a', 1]]) },
        [],
        {},
        'text',
        null,
      ];
      for (const value of values) expect(canonicalJson(value)).toBe(checkedCanonicalJson(value));
    });

    it('for objects whose keys begin alike, met one after another', () => {
      const values: unknown[] = [
        { zeta: 1, alpha: 2, mid: 3 },
        { zeta: 1, alpha: 2, mid: 3 },
        { zeta: 1, alpha: 2, nu: 3 },
        { zeta: 1, mid: 2, alpha: 3 },
        { zeta: 1, alpha: 2 },
        { zeta: 1, alpha: 2, mid: 3, beta: 4 },
        { zeta: 1, 7: 2, alpha: 3, gone: undefined },
        { zeta: 1, 7: 2, alpha: 3, gone: undefined },
        { 7: 1, zeta: 2, alpha: 3 },
      ];
      for (const value of [...values, ...values]) {
        expect(canonicalJson(value)).toBe(checkedCanonicalJson(value));
      }
    });
  });
});
