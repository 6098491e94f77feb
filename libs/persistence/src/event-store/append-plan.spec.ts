import { GENESIS_HASH } from '../integrity/event-chain';
import { NewEvent } from './event-store.types';
import { mergeByStream, planAppend } from './append-plan';
import fc from 'fast-check';
import { isoMicros } from './copy-event-rows';
import { StreamVersionConflictError } from './stream-version-conflict.error';

const head = { lastPosition: 10n, lastHash: GENESIS_HASH, nowMicros: '1722865041995123' };

function event(eventId: string): NewEvent {
  return {
    eventId,
    type: 'T',
    schemaVersion: 1,
    payload: { b: 1, a: eventId },
    occurredAt: 1_722_865_041_994,
  };
}

describe('planAppend', () => {
  it('numbers rows from the head and per stream, chaining each hash to the one before', () => {
    const plan = planAppend(
      mergeByStream([
        { streamId: 's-b', streamType: 't', expectedVersion: 'any', events: [event('b-1')] },
        { streamId: 's-a', streamType: 't', expectedVersion: 3, events: [event('a-1'), event('a-2')] },
      ]),
      new Map([['s-a', 3]]),
      new Set(),
      head,
    );
    const rows = plan.columns();
    expect(rows.globalPositions).toEqual(['11', '12', '13']);
    expect(rows.streamIds).toEqual(['s-a', 's-a', 's-b']);
    expect(rows.streamVersions).toEqual([4, 5, 1]);
    expect(rows.payloads[0]).toBe('{"a":"a-1","b":1}');
    expect([plan.lastPosition, plan.lastHash]).toEqual(['13', rows.chainHashes[2]]);
    expect(new Set(rows.chainHashes).size).toBe(3);
    expect(plan.streams).toEqual({ ids: ['s-a', 's-b'], types: ['t', 't'], versions: [5, 1] });
    expect(plan.results[0].appended[1]).toMatchObject({
      globalPosition: '12',
      streamVersion: 5,
      payload: { a: 'a-2', b: 1 },
    });
  });

  it('skips stored events, events planned earlier in the batch and repeats within a stream', () => {
    const plan = planAppend(
      mergeByStream([
        {
          streamId: 's-a',
          streamType: 't',
          expectedVersion: 'any',
          events: [event('x'), event('old'), event('x')],
        },
        { streamId: 's-b', streamType: 't', expectedVersion: 'any', events: [event('x'), event('y')] },
      ]),
      new Map(),
      new Set(['old']),
      head,
    );
    expect(plan.columns().eventIds).toEqual(['x', 'y']);
    expect(plan.results.map((result) => result.duplicateEventIds)).toEqual([['old'], ['x']]);
    expect(plan.results.map((result) => result.version)).toEqual([1, 1]);
  });

  it('refuses a stale expected version before planning anything', () => {
    expect(() =>
      planAppend(
        [{ streamId: 's-a', streamType: 't', expectedVersion: 1, events: [event('a')] }],
        new Map([['s-a', 2]]),
        new Set(),
        head,
      ),
    ).toThrow(new StreamVersionConflictError('s-a', 1, 2));
  });
});

describe('isoMicros', () => {
  it('writes whole microseconds as ISO-8601 with six decimals', () => {
    expect(isoMicros('1722865041994123')).toBe('2024-08-05T13:37:21.994123Z');
    expect(isoMicros('1722865041994000')).toBe('2024-08-05T13:37:21.994000Z');
    expect(isoMicros('-1')).toBe('1969-12-31T23:59:59.999999Z');
  });

  it('writes what Date#toISOString with the microseconds appended writes, for any time', () => {
    const specified = (micros: string): string => {
      const value = Number(micros);
      const millis = Math.floor(value / 1000);
      const rest = value - millis * 1000;
      return `${new Date(millis).toISOString().slice(0, 23)}${String(rest).padStart(3, '0')}Z`;
    };
    const dayUs = 86_400_000_000n;
    const times = fc.oneof(
      fc.bigInt({ min: -62_167_219_200_000_000n, max: 253_402_300_799_999_999n }),
      fc.bigInt({ min: 1_722_800_000_000_000n, max: 1_722_800_000_000_000n + 3n * dayUs }),
      fc.bigInt({ min: -3n * dayUs, max: 3n * dayUs }),
      fc.bigInt({ min: -8_640_000_000_000_000_000n, max: 8_640_000_000_000_000_000n }),
    );
    fc.assert(
      fc.property(fc.array(times, { minLength: 1, maxLength: 20 }), (values) => {
        for (const micros of values.map(String)) expect(isoMicros(micros)).toBe(specified(micros));
      }),
      { numRuns: 3_000 },
    );
    for (const micros of ['253402300800000000', '-62167219200000001', '1.5', '1722865041994123.25']) {
      expect(isoMicros(micros)).toBe(specified(micros));
      expect(isoMicros('1722865041994123')).toBe('2024-08-05T13:37:21.994123Z');
    }
    expect(() => isoMicros('not a number')).toThrow(RangeError);
  });
});
