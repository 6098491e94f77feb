import fc from 'fast-check';
import { sampleEnvelope } from '../test-support/sample-events';
import { wellFormedEnvelope } from './envelope-fast-path';
import { eventEnvelopeSchema } from './event-envelope';

const valid = sampleEnvelope('acc1', 'BTCUSDT', 7);

/** Values that are valid for some field, invalid for others, or odd in general. */
const fieldValue = fc.oneof(
  fc.constantFrom<unknown>(
    ...Object.values(valid),
    '',
    'has space',
    'a:b',
    'not-a-uuid',
    '2026-13-45T99:99:99Z',
    '2026-11-22T08:00:00+01:00',
    'rest-poll',
    'lowerCase',
    'E2',
    0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    null,
    undefined,
    [],
    {},
    true,
  ),
  fc.string(),
  fc.integer(),
  fc.uuid(),
);

const envelopeKeys = Object.keys(valid);
const candidate = fc
  .record({
    replaced: fc.dictionary(fc.constantFrom(...envelopeKeys), fieldValue, { maxKeys: 3 }),
    removed: fc.subarray(envelopeKeys, { maxLength: 2 }),
    extra: fc.option(fc.constantFrom('extra', 'payLoad', '__proto__'), { nil: undefined }),
  })
  .map(({ replaced, removed, extra }) => {
    const fields: Record<string, unknown> = { ...valid, ...replaced };
    for (const key of removed) delete fields[key];
    if (extra) Object.defineProperty(fields, extra, { value: 1, enumerable: true });
    return fields;
  });

describe('wellFormedEnvelope', () => {
  it('accepts a valid envelope, with or without a venue time', () => {
    expect(wellFormedEnvelope(valid)).toEqual(valid);
    expect(wellFormedEnvelope(JSON.parse(JSON.stringify(valid)))).toEqual(valid);
    expect(wellFormedEnvelope({ ...valid, venueTime: null })).toEqual({ ...valid, venueTime: null });
  });

  it('never accepts what the envelope schema refuses, and returns what the schema returns', () => {
    fc.assert(
      fc.property(candidate, (fields) => {
        const fast = wellFormedEnvelope(fields);
        const parsed = eventEnvelopeSchema.safeParse(fields);
        if (fast !== undefined) {
          expect(parsed.success).toBe(true);
          expect(fast).toEqual({ ...parsed.data, payload: parsed.data?.payload });
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses non-objects and arrays', () => {
    for (const value of [null, undefined, 'text', 42, [valid]])
      expect(wellFormedEnvelope(value)).toBeUndefined();
  });
});
