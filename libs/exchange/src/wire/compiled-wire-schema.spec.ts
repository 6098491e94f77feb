import { z } from 'zod';
import { eventsOf, replacedFieldFrames, streamFixtures } from '../../test-support/stream-event-variants';
import { compileWireSchema } from './compiled-wire-schema';
import { parseVenueJson } from './lossless-json';
import { userStreamEventSchema } from './user-stream.wire';
import { decimalString, NOT_ACCEPTED, optionalDecimalString } from './wire-primitives';

const eventFixtures = streamFixtures.filter((name) => eventsOf(name).length > 0);
const parseEvent = compileWireSchema(userStreamEventSchema);

describe('compileWireSchema', () => {
  it.each(eventFixtures)('takes every event of %s and yields what the zod schema yields', (name) => {
    for (const event of eventsOf(name)) {
      const compiled = parseEvent(event);
      expect(compiled).not.toBe(NOT_ACCEPTED);
      expect(compiled).toStrictEqual(userStreamEventSchema.parse(event));
      expect(JSON.stringify(compiled)).toBe(JSON.stringify(userStreamEventSchema.parse(event)));
    }
  });

  it.each(eventFixtures)(
    'accepts exactly what the zod schema accepts among the variants of %s, with the same output',
    (name) => {
      let accepted = 0;
      let refused = 0;
      for (const { path, literal, frame } of replacedFieldFrames(eventsOf(name))) {
        const [item] = parseVenueJson(frame) as unknown[];
        const compiled = parseEvent(item);
        const checked = userStreamEventSchema.safeParse(item);
        const label = `${path.join('.')} = ${literal ?? '(absent)'}`;
        expect({ label, accepted: compiled !== NOT_ACCEPTED }).toEqual({ label, accepted: checked.success });
        if (checked.success) {
          accepted += 1;
          expect(compiled).toStrictEqual(checked.data);
          expect(JSON.stringify(compiled)).toBe(JSON.stringify(checked.data));
        } else {
          refused += 1;
        }
      }
      // Both branches are exercised, or the comparison proves little.
      expect(accepted).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    },
  );

  it('keeps the order of union options: the first that accepts yields', () => {
    const emptyFirst = z.union([optionalDecimalString, z.literal(null)]);
    const nullFirst = z.union([z.literal(null), optionalDecimalString]);
    expect(compileWireSchema(emptyFirst)(null)).toBe(emptyFirst.parse(null));
    expect(compileWireSchema(emptyFirst)(null)).toBe('');
    expect(compileWireSchema(nullFirst)(null)).toBe(nullFirst.parse(null));
    expect(compileWireSchema(nullFirst)(null)).toBeNull();
  });

  it('drops unknown keys, keeps the shape order and sets an optional key only when present', () => {
    const parse = compileWireSchema(
      z.object({ a: decimalString, b: z.string().optional(), c: z.string().nullable().optional() }),
    );
    const output = parse({ c: null, extra: 1, a: 5 });
    expect(output).toStrictEqual({ a: '5', c: null });
    expect(Object.keys(output as object)).toEqual(['a', 'c']);
    expect(parse([])).toBe(NOT_ACCEPTED);
    expect(parse(new Date())).toBe(NOT_ACCEPTED);
    expect(parse({ a: 'five' })).toBe(NOT_ACCEPTED);
  });

  it('refuses, when compiling, what it cannot reproduce exactly', () => {
    expect(() => compileWireSchema(z.object({ n: z.number() }))).toThrow(/schema\.n is a ZodNumber/);
    expect(() => compileWireSchema(z.string().min(1))).toThrow(/string with checks/);
    expect(() => compileWireSchema(z.object({}).passthrough())).toThrow(/keeps unknown keys/);
    expect(() => compileWireSchema(z.array(z.string()).min(1))).toThrow(/length checks/);
    expect(() => compileWireSchema(z.string().transform((text) => text.trim()))).toThrow(/ZodEffects/);
    expect(() => compileWireSchema(z.coerce.boolean())).toThrow(/ZodBoolean/);
  });
});
