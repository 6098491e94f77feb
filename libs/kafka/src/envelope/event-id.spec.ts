import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { deterministicEventId } from './event-id';

describe('deterministicEventId', () => {
  it('gives the same identity the same id (a report re-delivered unchanged is stored once)', () => {
    expect(deterministicEventId('hashkey', 'acc1', 'trade', '123')).toBe(
      deterministicEventId('hashkey', 'acc1', 'trade', '123'),
    );
  });

  it('gives different facts different ids, even when their parts concatenate alike', () => {
    expect(deterministicEventId('ab', 'c')).not.toBe(deterministicEventId('a', 'bc'));
    expect(deterministicEventId('acc1', 1)).not.toBe(deterministicEventId('acc1', 2));
  });

  it('gives the stream and the poll report of one fill different ids (the source is part of the identity)', () => {
    expect(deterministicEventId('venue-observation', 'SpotFillObserved|acc1|BTCUSDT|991|ws')).not.toBe(
      deterministicEventId('venue-observation', 'SpotFillObserved|acc1|BTCUSDT|991|rest-poll'),
    );
  });

  it('is a version 5 UUID', () => {
    expect(deterministicEventId('x')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('needs an identity', () => {
    expect(() => deterministicEventId()).toThrow(/at least one identity part/);
  });

  it('is the SHA-1 name-based UUID of the length-prefixed parts in the project namespace', () => {
    const uuidV5 = (...identity: readonly (string | number)[]): string => {
      const name = identity.map((part) => `${String(part).length}:${String(part)}`).join('|');
      const digest = createHash('sha1')
        .update(Buffer.from('6c0f1c9e4b7a4d2a9d1e5f3b2a8c7e61', 'hex'))
        .update(name)
        .digest();
      digest[6] = (digest[6] & 0x0f) | 0x50;
      digest[8] = (digest[8] & 0x3f) | 0x80;
      const hex = digest.subarray(0, 16).toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    };
    expect(deterministicEventId('oms-event', 'e1', 'spot-order:acc1:1', 0)).toBe(
      uuidV5('oms-event', 'e1', 'spot-order:acc1:1', 0),
    );
    expect(deterministicEventId('x'.repeat(5_000), 'é日本😀\ud800')).toBe(
      uuidV5('x'.repeat(5_000), 'é日本😀\ud800'),
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.string(), fc.integer(), fc.double()), {
          minLength: 1,
          maxLength: 6,
        }),
        (identity) => {
          expect(deterministicEventId(...identity)).toBe(uuidV5(...identity));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
