import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseVenueJson } from '../wire/lossless-json';
import { parseUserStreamFrame, StreamMessage } from './user-stream-message.parser';

/**
 * Pins what `parseUserStreamFrame` makes of every stream fixture, of the same events with
 * their numeric strings written as bare JSON numbers, and of each field of each event
 * replaced by values of every JSON kind (or left out). The parser is on ingest's hot path
 * and is tuned for speed; this keeps every accepted input, every output (key order
 * included, as serialised downstream) and every rejection reason as they were.
 */

const fixtureDir = join(__dirname, '..', '..', 'test-fixtures');
const streamFixtures = readdirSync(fixtureDir)
  .filter((name) => name.startsWith('ws_'))
  .sort();

/** JSON literals put in place of one field; `undefined` leaves the field out. */
const replacementLiterals: readonly (string | undefined)[] = [
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

const PLACEHOLDER = '\u0000replacement\u0000';

/** A compact, order-preserving description of one parsed message. */
function summarise(message: StreamMessage): string {
  switch (message.type) {
    case 'event':
      return `event ${JSON.stringify(message.event)}`;
    case 'ping':
      return `ping ${JSON.stringify(message.ping)}`;
    case 'pong':
      return `pong ${JSON.stringify(message.pong)}`;
    case 'unknown':
      return `unknown ${message.reason}`;
  }
}

function eventsOf(name: string): Record<string, unknown>[] {
  const decoded = parseVenueJson(readFileSync(join(fixtureDir, name), 'utf8'));
  const items = Array.isArray(decoded) ? decoded : [decoded];
  return items.filter(
    (item): item is Record<string, unknown> => typeof item === 'object' && item !== null && 'e' in item,
  );
}

/** The event as text with `path` replaced by `literal` (or removed). */
function withReplacement(
  event: Record<string, unknown>,
  path: readonly (string | number)[],
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

/** Every field of the event, and every field of the first balance of a `B` list. */
function fieldPaths(event: Record<string, unknown>): (string | number)[][] {
  const paths: (string | number)[][] = Object.keys(event).map((key) => [key]);
  const balances = event.B;
  if (Array.isArray(balances) && typeof balances[0] === 'object' && balances[0] !== null) {
    for (const key of Object.keys(balances[0] as object)) paths.push(['B', 0, key]);
  }
  return paths;
}

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** A copy of the value without the field at `path`. */
function without(value: object, path: readonly (string | number)[]): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const step of path.slice(0, -1)) {
    const next = parent[step];
    if (typeof next !== 'object' || next === null) return copy;
    parent = next as Record<string | number, unknown>;
  }
  delete parent[path[path.length - 1]];
  return copy;
}

describe('parseUserStreamFrame golden outputs', () => {
  it('lists the stream fixtures it pins', () => {
    expect(streamFixtures).toMatchSnapshot();
  });

  it.each(streamFixtures)('%s parses as pinned, text for audit included', (name) => {
    const text = readFileSync(join(fixtureDir, name), 'utf8');
    const messages = parseUserStreamFrame(text);
    expect(messages.map(summarise)).toMatchSnapshot();
    expect(messages).toMatchSnapshot();
  });

  it.each(streamFixtures.filter((name) => eventsOf(name).length > 0))(
    '%s with numeric strings as bare JSON numbers parses as pinned',
    (name) => {
      const texts = eventsOf(name).map((event) =>
        JSON.stringify([event]).replace(/"(\w+)":"(-?\d+(?:\.\d+)?)"/g, '"$1":$2'),
      );
      expect(
        texts.map((text) => `${text}\n=> ${parseUserStreamFrame(text).map(summarise).join('\n')}`),
      ).toMatchSnapshot();
    },
  );

  it.each(streamFixtures.filter((name) => eventsOf(name).length > 0))(
    '%s with each field replaced parses as pinned',
    (name) => {
      const outcomes: string[] = [];
      for (const event of eventsOf(name)) {
        const [baseline] = parseUserStreamFrame(JSON.stringify([event]));
        if (baseline.type !== 'event') throw new Error(`${name} does not parse: ${summarise(baseline)}`);
        for (const path of fieldPaths(event)) {
          for (const literal of replacementLiterals) {
            const [message, ...rest] = parseUserStreamFrame(withReplacement(event, path, literal));
            expect(rest).toEqual([]);
            const outcome =
              message.type === 'event'
                ? `event ${JSON.stringify(valueAt(message.event, path) ?? '(absent)')}`
                : summarise(message);
            outcomes.push(`${path.join('.')} = ${literal ?? '(absent)'} => ${outcome}`);
            if (message.type === 'event') {
              // Only the replaced field may differ from the fixture's own output.
              expect(JSON.stringify(without(message.event, path))).toBe(
                JSON.stringify(without(baseline.event, path)),
              );
            }
          }
        }
      }
      expect(outcomes).toMatchSnapshot();
    },
  );
});
