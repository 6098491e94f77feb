import fc from 'fast-check';
import { canonicalJson } from './canonical-json';

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

  it('is stable through a jsonb round trip for any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(throughJsonb(value))).toBe(canonicalJson(value));
      }),
    );
  });
});
