import fc from 'fast-check';
import { isoMillis } from './iso-time';

describe('isoMillis', () => {
  it('writes what Date#toISOString writes, for any time, met in any order', () => {
    const dayMs = 86_400_000;
    const times = fc.oneof(
      fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }),
      fc.integer({ min: 1_722_800_000_000, max: 1_722_800_000_000 + 3 * dayMs }),
      fc.integer({ min: -3 * dayMs, max: 3 * dayMs }),
      fc.integer({ min: -8_640_000_000_000_000, max: 8_640_000_000_000_000 }),
      fc.double({ min: -3 * dayMs, max: 3 * dayMs, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(times, { minLength: 1, maxLength: 20 }), (values) => {
        for (const value of values) expect(isoMillis(value)).toBe(new Date(value).toISOString());
      }),
      { numRuns: 3_000 },
    );
    for (const value of [
      0, -0, -0.5, 0.5, -1.5, 1.5, 253_402_300_800_000, -62_167_219_200_001, 8_640_000_000_000_000,
    ]) {
      expect(isoMillis(value)).toBe(new Date(value).toISOString());
      expect(isoMillis(1_722_865_041_994)).toBe('2024-08-05T13:37:21.994Z');
    }
  });

  it('refuses an invalid time as Date#toISOString does', () => {
    expect(isoMillis(1_722_865_041_994)).toBe('2024-08-05T13:37:21.994Z');
    for (const value of [
      Number.NaN,
      8_640_000_000_000_001,
      -8_640_000_000_000_001,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(() => isoMillis(value)).toThrow(RangeError);
    }
  });
});
