import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseVenueJson } from '../src/wire/lossless-json';

/**
 * Stream fixtures and variants of their events with one field replaced by values of
 * every JSON kind, for specs that compare what the stream parser makes of them.
 */

export const fixtureDir = join(__dirname, '..', 'test-fixtures');

/** The stream fixtures (`ws_*.json`), sorted by name. */
export const streamFixtures: readonly string[] = readdirSync(fixtureDir)
  .filter((name) => name.startsWith('ws_'))
  .sort();

export function readFixture(name: string): string {
  return readFileSync(join(fixtureDir, name), 'utf8');
}

/** The private events (items with an `e`) of a stream fixture. */
export function eventsOf(name: string): Record<string, unknown>[] {
  const decoded = parseVenueJson(readFixture(name));
  const items = Array.isArray(decoded) ? decoded : [decoded];
  return items.filter(
    (item): item is Record<string, unknown> => typeof item === 'object' && item !== null && 'e' in item,
  );
}

/** JSON literals put in place of one field; `undefined` leaves the field out. */
export const replacementLiterals: readonly (string | undefined)[] = [
  undefined,
  'null',
  'true',
  'false',
  '"true"',
  '"false"',
  '""',
  '"x"',
  '" 1"',
  '0',
  '-2',
  '1.5',
  '1e3',
  '1e400',
  '"1e3"',
  '"-0.50"',
  '".5"',
  '"5."',
  '"+7"',
  '12345678901234567890',
  '0.12345678901234567890',
  '"12345678901234567890"',
  '{}',
  '[]',
  '[{}]',
  '"BUY"',
  '"SELL_CLOSE"',
  '"LONG"',
  '"CROSS"',
  '"FILLED"',
  '"ORDER_NEW"',
  '"GTC"',
  '"LIMIT_MAKER"',
];

export type FieldPath = readonly (string | number)[];

/** Every field of the event, and every field of the first balance of a `B` list. */
export function fieldPaths(event: Record<string, unknown>): FieldPath[] {
  const paths: FieldPath[] = Object.keys(event).map((key) => [key]);
  const balances = event.B;
  if (Array.isArray(balances) && typeof balances[0] === 'object' && balances[0] !== null) {
    for (const key of Object.keys(balances[0] as object)) paths.push(['B', 0, key]);
  }
  return paths;
}

const PLACEHOLDER = '\u0000replacement\u0000';

/** A one-event frame of the event with `path` replaced by `literal` (or removed). */
export function frameWithReplacement(
  event: Record<string, unknown>,
  path: FieldPath,
  literal: string | undefined,
): string {
  const copy = structuredClone(event);
  let parent: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (literal === undefined) delete parent[last];
  else parent[last] = PLACEHOLDER;
  const text = JSON.stringify([copy]);
  return literal === undefined ? text : text.replace(JSON.stringify(PLACEHOLDER), literal);
}

/** Each event with every field replaced by every literal, as one-event frames. */
export function* replacedFieldFrames(events: readonly Record<string, unknown>[]): Generator<{
  event: Record<string, unknown>;
  path: FieldPath;
  literal: string | undefined;
  frame: string;
}> {
  for (const event of events) {
    for (const path of fieldPaths(event)) {
      for (const literal of replacementLiterals) {
        yield { event, path, literal, frame: frameWithReplacement(event, path, literal) };
      }
    }
  }
}
