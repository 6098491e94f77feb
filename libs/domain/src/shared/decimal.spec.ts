import fc from 'fast-check';
import {
  Dec,
  addDecimals,
  canonicalDecimal,
  compareDecimals,
  isDecimalString,
  isPositive,
  isZero,
  maxDecimal,
  roundToScale,
} from './decimal';

describe('decimal rules', () => {
  it('normalises venue text without changing the value', () => {
    expect(canonicalDecimal('1.500')).toBe('1.5');
    expect(canonicalDecimal('0.00100000')).toBe('0.001');
    expect(canonicalDecimal('-0')).toBe('0');
    expect(canonicalDecimal('24835.178056020383226869')).toBe('24835.178056020383226869');
  });

  it('accepts only plain decimal strings from the venue', () => {
    expect(isDecimalString('3327.52')).toBe(true);
    expect(isDecimalString('-953.83')).toBe(true);
    expect(isDecimalString('1e3')).toBe(false);
    expect(isDecimalString('')).toBe(false);
    expect(isDecimalString(1.5)).toBe(false);
  });

  it('adds exactly where binary floating point would drift', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(maxDecimal('0.5', '0.50')).toBe('0.5');
  });

  it('divides to 40 significant digits, half to even', () => {
    expect(new Dec(1).dividedBy(3).toFixed()).toBe('0.' + '3'.repeat(40));
    expect(new Dec(2).dividedBy(3).toFixed()).toBe('0.' + '6'.repeat(39) + '7');
  });

  it('reports round half to even at the scale asked for', () => {
    expect(roundToScale('2.345', 2)).toBe('2.34');
    expect(roundToScale('2.355', 2)).toBe('2.36');
    expect(roundToScale('-0.005', 2)).toBe('0');
    expect(roundToScale('1.23456789', 4)).toBe('1.2346');
  });

  describe('answers as decimal.js does, canonical text or not', () => {
    const digits = (maxLength: number) =>
      fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), minLength: 1, maxLength });
    const decimalText = fc
      .tuple(fc.boolean(), digits(30), fc.option(digits(30)))
      .map(
        ([negative, integer, fraction]) =>
          `${negative ? '-' : ''}${integer}${fraction === null ? '' : `.${fraction}`}`,
      );
    const texts = fc.oneof(
      decimalText,
      decimalText.map((text) => {
        const fixed = new Dec(text).toFixed();
        return fixed === '-0' ? '0' : fixed;
      }),
      fc.constantFrom(
        '0',
        '-0',
        '0.0',
        '-0.0',
        '00',
        '1',
        '-1',
        '0.5',
        '-0.5',
        '10',
        '9.99',
        '1.50',
        '.5',
        '5.',
      ),
    );

    it('canonicalDecimal', () => {
      fc.assert(
        fc.property(texts, (text) => {
          const expected = new Dec(text).toFixed();
          expect(canonicalDecimal(text)).toBe(expected === '-0' ? '0' : expected);
        }),
        { numRuns: 5_000 },
      );
    });

    it('compareDecimals, isZero and isPositive', () => {
      fc.assert(
        fc.property(texts, texts, (left, right) => {
          expect(compareDecimals(left, right)).toBe(new Dec(left).comparedTo(right));
          expect(isZero(left)).toBe(new Dec(left).isZero());
          expect(isPositive(left)).toBe(new Dec(left).greaterThan(0));
        }),
        { numRuns: 10_000 },
      );
    });
  });
});
