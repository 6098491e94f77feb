import { z } from 'zod';
import { sampleCodec, sampleEnvelope } from '../test-support/sample-events';
import { EventCodec, InvalidEventError } from './event-codec';
import { PayloadSchemaRegistry } from './payload-schema-registry';

describe('EventCodec', () => {
  const codec = sampleCodec();

  it('round-trips a valid envelope', () => {
    const envelope = sampleEnvelope('acc1', 'BTCUSDT', 3);
    const decoded = codec.decode(codec.encode(envelope));
    expect(decoded).toEqual({ ok: true, envelope });
  });

  it.each([
    ['a value that is not JSON', Buffer.from('not json'), /^value is not JSON/],
    ['an empty value', Buffer.alloc(0), /^message has no value$/],
    [
      'a missing accountId',
      { ...sampleEnvelope('a', 'B', 1), accountId: undefined },
      /envelope\.accountId: Required/,
    ],
    [
      'an unknown source',
      { ...sampleEnvelope('a', 'B', 1), source: 'fax' },
      /envelope\.source: Invalid enum value/,
    ],
    ['a colon in the symbol', sampleEnvelope('a', 'BTC:USDT', 1), /envelope\.symbol: must not contain ":"/],
    [
      'a non-UUID eventId',
      { ...sampleEnvelope('a', 'B', 1), eventId: 'abc' },
      /envelope\.eventId: must be a UUID/,
    ],
    [
      'a malformed observedAt',
      { ...sampleEnvelope('a', 'B', 1), observedAt: '22/11/2026' },
      /envelope\.observedAt: must be an ISO-8601/,
    ],
    [
      'an impossible date',
      { ...sampleEnvelope('a', 'B', 1), observedAt: '2026-13-45T00:00:00Z' },
      /envelope\.observedAt/,
    ],
    [
      'an unexpected field',
      { ...sampleEnvelope('a', 'B', 1), extra: 1 },
      /Unrecognized key\(s\) in object: 'extra'/,
    ],
    [
      'a price as a JS number',
      sampleEnvelope('a', 'B', 1, { payload: { sequence: 1, price: 1.5 } }),
      /payload\.price: Expected string/,
    ],
    [
      'an unregistered type',
      sampleEnvelope('a', 'B', 1, { type: 'OrderTeleported' }),
      /no payload schema registered for OrderTeleported v1/,
    ],
    [
      'an unregistered schema version',
      sampleEnvelope('a', 'B', 1, { schemaVersion: 2 }),
      /SampleObserved v2/,
    ],
  ])('rejects %s with a reason naming the field', (_name, candidate, reason) => {
    const bytes = Buffer.isBuffer(candidate) ? candidate : Buffer.from(JSON.stringify(candidate));
    const decoded = codec.decode(bytes);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.reason).toMatch(reason);
  });

  it('refuses to encode an invalid envelope', () => {
    expect(() => codec.encode(sampleEnvelope('acc1', '', 1))).toThrow(InvalidEventError);
    expect(() => codec.encode(sampleEnvelope('acc1', '', 1))).toThrow(/envelope\.symbol: must not be empty/);
  });

  it('accepts unregistered types only when told to', () => {
    const lenient = new EventCodec(new PayloadSchemaRegistry(), { unregisteredTypes: 'accept' });
    expect(lenient.decode(Buffer.from(JSON.stringify(sampleEnvelope('a', 'B', 1)))).ok).toBe(true);
  });

  it('returns the payload as parsed by its schema', () => {
    const registry = new PayloadSchemaRegistry().register(
      'SampleObserved',
      1,
      z.object({ sequence: z.number(), price: z.string().transform((value) => value.trim()) }),
    );
    const decoded = new EventCodec(registry).decode(
      Buffer.from(JSON.stringify(sampleEnvelope('a', 'B', 1, { payload: { sequence: 1, price: ' 1.5 ' } }))),
    );
    expect(decoded.ok && decoded.envelope.payload).toEqual({ sequence: 1, price: '1.5' });
  });

  it('refuses to register a schema twice for one type and version', () => {
    const registry = new PayloadSchemaRegistry().register('A', 1, z.object({}));
    expect(() => registry.register('A', 1, z.object({}))).toThrow(/already registered/);
  });
});

describe('EventCodec with a payload reader', () => {
  const reader = {
    read(type: string, _version: number, payload: unknown) {
      if (type !== 'PriceObserved') return undefined;
      const price = (payload as { price?: unknown }).price;
      return typeof price === 'string'
        ? { ok: true as const, payload: { price, read: true } }
        : { ok: false as const, reason: 'observation.price: must be a decimal string' };
    },
  };
  const codec = new EventCodec(new PayloadSchemaRegistry(), { payloadReader: reader });

  it('hands back the payload as the reader read it', () => {
    const envelope = sampleEnvelope('acc1', 'BTCUSDT', 1, { type: 'PriceObserved', payload: { price: '1' } });
    expect(codec.validate(envelope)).toEqual({
      ok: true,
      envelope: { ...envelope, payload: { price: '1', read: true } },
    });
  });

  it("refuses with the reader's reason, naming the field", () => {
    const envelope = sampleEnvelope('acc1', 'BTCUSDT', 1, { type: 'PriceObserved', payload: { price: 1 } });
    expect(codec.validate(envelope)).toEqual({
      ok: false,
      reason: 'payload.observation.price: must be a decimal string',
    });
  });

  it('still refuses types neither the reader nor the registry knows', () => {
    expect(codec.validate(sampleEnvelope('acc1', 'BTCUSDT', 1, { type: 'OtherObserved' }))).toMatchObject({
      ok: false,
    });
  });
});
