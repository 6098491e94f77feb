/**
 * Pieces of a hand-written JSON writer shared by the canonical JSON of domain states
 * (here) and of event rows (libs/persistence): strings and member names spelled as
 * JSON.stringify spells them, and a memory of key orders met before. Each writer
 * decides its own key order; they share the machinery, not the order.
 */

/** Quote, backslash, control characters and surrogates: what JSON.stringify may escape. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as JSON.stringify writes it. */
export function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** Quoted member names with their colon: states and events use the same few names over and over. */
const memberNames = new Map<string, string>();
const MAX_MEMBER_NAMES = 10_000;

/** `"key":` as JSON.stringify writes a member name. */
export function memberName(key: string): string {
  let name = memberNames.get(key);
  if (name === undefined) {
    name = `${jsonString(key)}:`;
    if (memberNames.size < MAX_MEMBER_NAMES) memberNames.set(key, name);
  }
  return name;
}

export function isSorted(keys: readonly string[]): boolean {
  for (let index = 1; index < keys.length; index += 1) {
    if (keys[index - 1] > keys[index]) return false;
  }
  return true;
}

const MAX_FIRST_KEYS = 256;
const MAX_ORDERS_PER_FIRST_KEY = 8;
const MAX_REMEMBERED_KEYS = 32;

/**
 * Key orders met before, by first key: objects built by the same code list the same
 * keys in the same order, and comparing the list with one met before costs a third of
 * sorting it again (which also copies it into a work array). Bounded (at most about a
 * megabyte): records keyed by ids, which rarely repeat, take few places.
 */
export class KeyOrders {
  private readonly byFirstKey = new Map<
    string,
    Array<{ keys: readonly string[]; ordered: readonly string[] }>
  >();

  constructor(private readonly order: (keys: readonly string[]) => readonly string[]) {}

  /** The keys in the writer's order: remembered, or worked out and remembered. */
  of(keys: readonly string[]): readonly string[] {
    const known = this.byFirstKey.get(keys[0]);
    if (known !== undefined) {
      for (const { keys: seen, ordered } of known) {
        if (seen.length === keys.length && sameKeys(seen, keys)) return ordered;
      }
    }
    const ordered = this.order(keys);
    if (keys.length > MAX_REMEMBERED_KEYS) return ordered;
    let remembered = known;
    if (remembered === undefined && this.byFirstKey.size < MAX_FIRST_KEYS) {
      remembered = [];
      this.byFirstKey.set(keys[0], remembered);
    }
    if (remembered !== undefined && remembered.length < MAX_ORDERS_PER_FIRST_KEY) {
      remembered.push({ keys, ordered });
    }
    return ordered;
  }
}

/** Whether two key lists with the same first key and length are the same list. */
function sameKeys(left: readonly string[], right: readonly string[]): boolean {
  for (let index = 1; index < left.length; index += 1) {
    if (left[index] !== right[index]) return false;
  }
  return true;
}
