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
});
