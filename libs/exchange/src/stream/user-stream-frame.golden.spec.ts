import {
  eventsOf,
  readFixture,
  replacedFieldFrames,
  streamFixtures,
  type FieldPath,
} from '../../test-support/stream-event-variants';
import { parseUserStreamFrame, StreamMessage } from './user-stream-message.parser';

/**
 * Pins what `parseUserStreamFrame` makes of every stream fixture, of the same events with
 * their numeric strings written as bare JSON numbers, and of each field of each event
 * replaced by values of every JSON kind (or left out). The parser is on ingest's hot path
 * and is tuned for speed; this keeps every accepted input, every output (key order
 * included, as serialised downstream) and every rejection reason as they were.
 */

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

function valueAt(value: unknown, path: FieldPath): unknown {
  let current = value;
  for (const step of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** A copy of the value without the field at `path`. */
function without(value: object, path: FieldPath): unknown {
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
    const text = readFixture(name);
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
      const events = eventsOf(name);
      const baselines = new Map(
        events.map((event) => [event, parseUserStreamFrame(JSON.stringify([event]))[0]]),
      );
      for (const { event, path, literal, frame } of replacedFieldFrames(events)) {
        const baseline = baselines.get(event);
        if (baseline?.type !== 'event') throw new Error(`${name} does not parse`);
        const [message, ...rest] = parseUserStreamFrame(frame);
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
      expect(outcomes).toMatchSnapshot();
    },
  );
});
