/**
 * Arrays kept sorted by (time, id): the canonical order of a set of venue facts, so a
 * state built from the same facts in any order is identical, and appending the newest
 * fact (the common case) costs one copy instead of rebuilding a keyed map.
 */
export function compareByTimeThenId(
  left: { readonly time: number; readonly id: string },
  right: { readonly time: number; readonly id: string },
): number {
  return left.time - right.time || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0);
}

/** True when `item` sorts after `mark`, or there is no mark yet (nothing settled so far). */
export function sortsAfter(
  item: { readonly time: number; readonly id: string },
  mark: { readonly time: number; readonly id: string } | null,
): boolean {
  return mark === null || compareByTimeThenId(item, mark) > 0;
}

/** Inserts or replaces `item` (same id) keeping the order; returns a new array. */
export function upsertSorted<T>(
  items: readonly T[],
  item: T,
  key: (value: T) => { time: number; id: string },
): T[] {
  const id = key(item).id;
  const without = items.some((existing) => key(existing).id === id)
    ? items.filter((existing) => key(existing).id !== id)
    : [...items];
  let low = 0;
  let high = without.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareByTimeThenId(key(without[middle]), key(item)) <= 0) low = middle + 1;
    else high = middle;
  }
  without.splice(low, 0, item);
  return without;
}
