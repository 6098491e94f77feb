import { RecentTokens } from './recent-tokens';

describe('RecentTokens', () => {
  it('answers a remembered token until its time to live has passed, then forgets it', () => {
    let now = 0;
    const recent = new RecentTokens<string>(5_000, 10, () => now);
    recent.remember('digest-a', 'desk-a', recent.generation());
    now = 4_999;
    expect(recent.get('digest-a')).toBe('desk-a');
    now = 5_000;
    expect(recent.get('digest-a')).toBeUndefined();
    now = 0;
    expect(recent.get('digest-a')).toBeUndefined();
  });

  it('forgets every token when cleared', () => {
    const recent = new RecentTokens<string>(5_000, 10, () => 0);
    recent.remember('digest-a', 'desk-a', recent.generation());
    recent.remember('digest-b', 'desk-b', recent.generation());
    recent.clear();
    expect(recent.get('digest-a')).toBeUndefined();
    expect(recent.get('digest-b')).toBeUndefined();
  });

  it('does not keep a token read before a clear that came while the read was in flight', () => {
    const recent = new RecentTokens<string>(5_000, 10, () => 0);
    const readStarted = recent.generation();
    recent.clear();
    recent.remember('digest-a', 'desk-a', readStarted);
    expect(recent.get('digest-a')).toBeUndefined();
  });

  it('keeps at most its number of entries, dropping the oldest first', () => {
    const recent = new RecentTokens<string>(5_000, 2, () => 0);
    recent.remember('digest-a', 'desk-a', recent.generation());
    recent.remember('digest-b', 'desk-b', recent.generation());
    recent.remember('digest-c', 'desk-c', recent.generation());
    expect(recent.get('digest-a')).toBeUndefined();
    expect(recent.get('digest-b')).toBe('desk-b');
    expect(recent.get('digest-c')).toBe('desk-c');
  });
});
