import fc from 'fast-check';
import { textArray } from './text-array';

/** Reads a one-dimensional Postgres array literal of quoted elements and NULLs, as array_in does. */
function readArrayLiteral(literal: string): Array<string | null> {
  expect(literal.startsWith('{') && literal.endsWith('}')).toBe(true);
  const values: Array<string | null> = [];
  let index = 1;
  while (index < literal.length - 1) {
    if (literal[index] === '"') {
      let value = '';
      index += 1;
      while (literal[index] !== '"') {
        if (literal[index] === '\\') index += 1;
        value += literal[index];
        index += 1;
      }
      values.push(value);
      index += 1;
    } else {
      const end = literal.indexOf(',', index);
      const word = literal.slice(index, end === -1 ? literal.length - 1 : end);
      expect(word.toUpperCase()).toBe('NULL');
      values.push(null);
      index += word.length;
    }
    if (literal[index] === ',') index += 1;
  }
  return values;
}

describe('textArray', () => {
  it('writes an array literal Postgres reads back as the same values', () => {
    const values = fc.array(
      fc.oneof(
        fc.string({ unit: 'binary' }),
        fc.string(),
        fc.constantFrom(
          '',
          'NULL',
          'null',
          ' ',
          '{a,b}',
          'a"b',
          'a\\b',
          '\\"',
          'tab\there',
          'é日本😀',
          '\ud800',
        ),
        fc.uuid(),
        fc.constant(null),
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(values, (array) => {
        expect(readArrayLiteral(textArray(array))).toEqual(array);
      }),
      { numRuns: 3_000 },
    );
    expect(textArray([])).toBe('{}');
    expect(textArray(['a', null])).toBe('{"a",null}');
    expect(textArray(['a"', 'b\\', null])).toBe('{"a\\"","b\\\\",NULL}');
  });
});
