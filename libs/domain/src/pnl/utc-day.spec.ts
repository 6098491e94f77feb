import { utcDay } from './utc-day';

describe('utcDay', () => {
  it('matches the calendar for venue timestamps, leap days and day edges', () => {
    expect(utcDay(1722082982097)).toBe('2024-07-27');
    expect(utcDay(0)).toBe('1970-01-01');
    expect(utcDay(951_782_400_000)).toBe('2000-02-29');
    expect(utcDay(1_709_251_199_999)).toBe('2024-02-29');
    expect(utcDay(1_709_251_200_000)).toBe('2024-03-01');
  });

  it('agrees with the platform calendar over many days', () => {
    for (let time = 1_600_000_000_000; time < 1_900_000_000_000; time += 86_400_000 * 7 + 3_600_000) {
      // The platform calendar is the oracle here, not a clock: no current time is read.
      // eslint-disable-next-line no-restricted-globals
      expect(utcDay(time)).toBe(new Date(time).toISOString().slice(0, 10));
    }
  });
});
