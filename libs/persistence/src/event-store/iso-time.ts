const DAY_MS = 86_400_000;

/**
 * The date part (`YYYY-MM-DDT`) of the last day written. Every event row and read-model
 * row carries times that mostly fall on one day, so only the time of day is worked out
 * per value: Date#toISOString per value cost more than the rest of a COPY line.
 */
let lastDay = Number.NaN;
let lastDayText = '';

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** `new Date(epochMs).toISOString()`, the same text (and the same RangeError for an invalid time). */
export function isoMillis(epochMs: number): string {
  // A Date keeps whole milliseconds, dropping any fraction towards zero.
  const time = Math.trunc(epochMs);
  const day = Math.floor(time / DAY_MS);
  if (day !== lastDay) {
    const text = new Date(time).toISOString();
    // Years beyond 0000-9999 are spelled with a sign and six digits: not kept.
    if (text.length !== 24) return text;
    lastDay = day;
    lastDayText = text.slice(0, 11);
  }
  const ofDay = time - day * DAY_MS;
  const seconds = Math.floor(ofDay / 1000);
  return (
    `${lastDayText}${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor(seconds / 60) % 60)}:` +
    `${twoDigits(seconds % 60)}.${String(ofDay % 1000).padStart(3, '0')}Z`
  );
}
