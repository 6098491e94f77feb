import fc from 'fast-check';
import { canonicalJson, specifiedCanonicalJson } from './canonical-json';

/** What Postgres jsonb gives back, modelled: key order lost, numbers respelled. */
function throughJsonb(value: unknown): unknown {
  const reorder = (inner: unknown): unknown => {
    if (Array.isArray(inner)) return inner.map(reorder);
    if (inner === null || typeof inner !== 'object') return inner;
    const entries = Object.entries(inner as Record<string, unknown>).reverse();
    return Object.fromEntries(entries.map(([key, item]) => [key, reorder(item)]));
  };
  return reorder(JSON.parse(JSON.stringify(value)));
}

describe('canonicalJson', () => {
  it('spells objects with the same members the same, whatever their key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [1, { y: 2, z: 1 }] }, b: 1 }),
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('follows JSON.stringify for undefined members, toJSON and non-finite numbers', () => {
    expect(canonicalJson({ a: undefined, b: new Date(0), c: Number.NaN })).toBe(
      '{"b":"1970-01-01T00:00:00.000Z","c":null}',
    );
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('differs when any value differs', () => {
    expect(canonicalJson({ qty: '1.0' })).not.toBe(canonicalJson({ qty: '1' }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
  });

  it('keeps an own __proto__ member of an object whose keys are not in order', () => {
    // JSON.parse makes `__proto__` an own member, as a jsonb value read back does.
    const value = JSON.parse('{"__proto__":[],"":[1]}') as unknown;
    expect(canonicalJson(value)).toBe('{"":[1],"__proto__":[]}');
    expect(canonicalJson(throughJsonb(value))).toBe(canonicalJson(value));
  });

  it('is stable through a jsonb round trip for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(throughJsonb(value))).toBe(canonicalJson(value));
      }),
    );
  });

  describe('writes the text JSON.stringify with a key-sorting replacer writes', () => {
    const keys = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.constantFrom(
        '__proto__',
        'toJSON',
        'constructor',
        '0',
        '1',
        '9',
        '10',
        '01',
        '-1',
        '1.5',
        '4294967294',
        '4294967295',
        '',
      ),
      fc.nat().map(String),
    );
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
    };

    it('for any value', () => {
      fc.assert(
        fc.property(fc.anything(options), (value) => {
          expect(canonicalJson(value)).toBe(specifiedCanonicalJson(value));
        }),
        { numRuns: 5_000 },
      );
    });

    it('for JSON data of any shape', () => {
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
          expect(canonicalJson(value)).toBe(specifiedCanonicalJson(value));
        }),
        { numRuns: 5_000 },
      );
    });

    it('for event payloads and metadata as the OMS writes them', () => {
      const values: unknown[] = [
        { actor: { kind: 'venue', id: 'stream' }, source: 'ws', inputId: 'a-1', correlationId: 'c' },
        {
          accountId: '1',
          symbol: 'ETHUSDT',
          side: 'BUY',
          fill: {
            fillId: '9-1',
            price: '2500',
            fee: { asset: 'USDT', amount: '0.1' },
            time: 17,
            inferred: false,
          },
          replaces: null,
          note: undefined,
        },
        { b: [1, 'two', null, undefined, () => 1, Symbol('s'), { y: 1, x: [] }], a: -0, c: 1e21, d: 5e-7 },
        { text: 'quote " backslash \\ tab \t newline \n nul \u0000 é 日本 😀 lone \ud800 end' },
        { 10: 'ten', 9: 'nine', b: 1, a: 2, '-1': 3, '01': 4 },
        { 4294967295: 'not an index', 4294967294: 'index', z: 1 },
        { z: 1, ['__proto__']: { polluted: true } },
        JSON.parse('{"z":1,"__proto__":{"polluted":true}}'),
        JSON.parse('{"__proto__":1,"a":1}'),
        Object.assign(Object.create(null) as object, { b: 1, a: 2 }),
        { when: new Date(0), amount: new Number(3), label: new String('x'), flag: new Boolean(false) },
        { nested: { toJSON: (key: string) => ({ key, b: 1, a: 2 }) } },
        { toJSON: 'not a function', b: 1, a: 2 },
        {
          map: new Map([['a', 1]]),
          set: new Set([1]),
          bytes: new Uint8Array([1, 2]),
          buffer: Buffer.from('ab'),
        },
        [
          Number.NaN,
          Number.POSITIVE_INFINITY,
          Number.NEGATIVE_INFINITY,
          -0,
          0.1 + 0.2,
          Number.MAX_SAFE_INTEGER,
        ],
        [, 1, , 2], // eslint-disable-line no-sparse-arrays
        'top-level string',
        42,
        true,
        null,
        undefined,
        () => 1,
        Symbol('top'),
        {},
        [],
      ];
      for (const value of values) expect(canonicalJson(value)).toBe(specifiedCanonicalJson(value));
    });

    it('for objects whose keys begin alike, met one after another', () => {
      const values: unknown[] = [
        { zeta: 1, alpha: 2, mid: 3 },
        { zeta: 1, alpha: 2, mid: 3 },
        { zeta: 1, alpha: 2, nu: 3 },
        { zeta: 1, mid: 2, alpha: 3 },
        { zeta: 1, alpha: 2 },
        { zeta: 1, alpha: 2, mid: 3, beta: 4 },
        { zeta: 1, 7: 2, alpha: 3 },
        { zeta: 1, 7: 2, alpha: 3 },
        { 7: 1, zeta: 2, alpha: 3 },
      ];
      for (const value of [...values, ...values]) {
        expect(canonicalJson(value)).toBe(specifiedCanonicalJson(value));
      }
    });

    it('for values nested deeper than the hand-written path goes', () => {
      let deep: unknown = { leaf: 1, a: 0 };
      for (let level = 0; level < 500; level += 1) deep = level % 2 === 0 ? [deep] : { z: deep, y: level };
      expect(canonicalJson(deep)).toBe(specifiedCanonicalJson(deep));
    });

    it('and fails where it fails, with the same error: a cycle or a bigint', () => {
      const errorOf = (write: () => string): unknown => {
        try {
          return write();
        } catch (error) {
          return (error as Error).constructor;
        }
      };
      const sortedCycle: Record<string, unknown> = { a: 1 };
      sortedCycle.self = sortedCycle;
      const unsortedCycle: Record<string, unknown> = { b: 1, a: 2 };
      unsortedCycle.self = unsortedCycle;
      for (const value of [sortedCycle, unsortedCycle, { b: 1, a: 2n }, [1n]]) {
        const expected = errorOf(() => specifiedCanonicalJson(value));
        expect(typeof expected).toBe('function');
        expect(errorOf(() => canonicalJson(value))).toBe(expected);
      }
    });
  });
});
