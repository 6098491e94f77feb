import { WeightRateLimiter } from './weight-rate-limiter';

const SETTINGS = {
  queryWeightPerSecond: 5,
  orderWeightPerSecond: 20,
  suspensionMs: 60_000,
  requestsBeforeBan: 2,
  banMs: 300_000,
};

describe('WeightRateLimiter', () => {
  let now = 0;
  const limiter = () => new WeightRateLimiter(SETTINGS, () => now);

  beforeEach(() => {
    now = 1_000_000;
  });

  it('spends endpoint weights from the per-second budget of their class', () => {
    const subject = limiter();
    expect(subject.consume('k', 'QUERY', 5).outcome).toBe('ALLOWED');
    expect(subject.consume('k', 'ORDER', 1).outcome).toBe('ALLOWED');
    expect(subject.consume('other', 'QUERY', 5).outcome).toBe('ALLOWED');
    expect(subject.consume('k', 'QUERY', 1).outcome).toBe('LIMITED');
  });

  it('suspends for a minute after a 429, then bans with 418 a key that keeps going', () => {
    const subject = limiter();
    for (let index = 0; index < 20; index += 1)
      expect(subject.consume('k', 'ORDER', 1).outcome).toBe('ALLOWED');
    expect(subject.consume('k', 'ORDER', 1).outcome).toBe('LIMITED');
    now += 2000;
    expect(subject.consume('k', 'ORDER', 1).outcome).toBe('LIMITED');
    expect(subject.consume('k', 'ORDER', 1).outcome).toBe('LIMITED');
    expect(subject.consume('k', 'ORDER', 1)).toEqual({ outcome: 'BANNED', retryAfterMs: 300_000 });
    now += 299_999;
    expect(subject.consume('k', 'QUERY', 1).outcome).toBe('BANNED');
    now += 1;
    expect(subject.consume('k', 'QUERY', 1).outcome).toBe('ALLOWED');
  });

  it('lets a key that waits out the suspension trade again', () => {
    const subject = limiter();
    for (let index = 0; index < 6; index += 1) subject.consume('k', 'QUERY', 1);
    now += 60_000;
    expect(subject.consume('k', 'QUERY', 1).outcome).toBe('ALLOWED');
  });

  it('forces 429 on the next requests without touching the real budget', () => {
    const subject = limiter();
    subject.forceLimit(2, 'k');
    expect(subject.consume('other', 'QUERY', 1).outcome).toBe('ALLOWED');
    expect(subject.consume('k', 'QUERY', 1).outcome).toBe('LIMITED');
    expect(subject.consume('k', 'QUERY', 1).outcome).toBe('LIMITED');
    expect(subject.consume('k', 'QUERY', 1).outcome).toBe('ALLOWED');
    subject.forceLimit(1);
    expect(subject.consume('other', 'QUERY', 1).outcome).toBe('LIMITED');
    expect(subject.consume('k', 'QUERY', 1).outcome).toBe('ALLOWED');
  });
});
