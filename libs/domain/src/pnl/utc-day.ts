const MS_PER_DAY = 86_400_000;

/**
 * The UTC calendar day (YYYY-MM-DD) of a millisecond timestamp, by arithmetic on the
 * day count (the civil-from-days algorithm), since the domain reads no Date.
 */
export function utcDay(time: number): string {
  const days = Math.floor(time / MS_PER_DAY) + 719_468;
  const era = Math.floor(days / 146_097);
  const dayOfEra = days - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The start (epoch ms) of the UTC day a millisecond timestamp falls in. */
export function utcDayStart(time: number): number {
  return Math.floor(time / MS_PER_DAY) * MS_PER_DAY;
}
