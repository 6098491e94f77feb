import { isSorted, jsonString, KeyOrders, memberName } from './json-text';

describe('json-text', () => {
  it('spells strings and member names as JSON.stringify does', () => {
    for (const text of [
      'plain',
      'quote " and \\ backslash',
      'tab\tnew\nline',
      'ü 成交 🚀',
      '\ud800 lone',
      '',
    ]) {
      expect(jsonString(text)).toBe(JSON.stringify(text));
      expect(memberName(text)).toBe(`${JSON.stringify(text)}:`);
    }
  });

  it('tells a sorted key list from an unsorted one', () => {
    expect(isSorted(['a', 'b', 'c'])).toBe(true);
    expect(isSorted(['b', 'a'])).toBe(false);
    expect(isSorted([])).toBe(true);
  });

  it('answers each key list with its own order, working each out once', () => {
    const order = jest.fn((keys: readonly string[]) => [...keys].sort());
    const orders = new KeyOrders(order);
    expect(orders.of(['b', 'a', 'c'])).toEqual(['a', 'b', 'c']);
    expect(orders.of(['b', 'a', 'c'])).toEqual(['a', 'b', 'c']);
    expect(orders.of(['b', 'c', 'a', 'd'])).toEqual(['a', 'b', 'c', 'd']);
    expect(orders.of(['b', 'z', 'a'])).toEqual(['a', 'b', 'z']);
    expect(order).toHaveBeenCalledTimes(3);
  });

  it("keeps two writers' orders apart", () => {
    const reversed = new KeyOrders((keys) => [...keys].sort().reverse());
    const sorted = new KeyOrders((keys) => [...keys].sort());
    expect(reversed.of(['b', 'a'])).toEqual(['b', 'a']);
    expect(sorted.of(['b', 'a'])).toEqual(['a', 'b']);
  });
});
