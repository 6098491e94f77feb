/**
 * Small conversions every mapper shares. Venue decimals arrive as strings, "" where a
 * field does not apply; the domain wants null there.
 */
export function emptyAsNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

/** A decimal the venue may leave empty where zero is meant (market price "", no fill yet). */
export function emptyAsZero(value: string | null | undefined): string {
  return emptyAsNull(value) ?? '0';
}

/** Epoch milliseconds from the venue's digit strings (already checked by the wire schemas). */
export function epochMs(value: string | number): number {
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0)
    throw new Error(`not a millisecond timestamp: ${String(value)}`);
  return parsed;
}

/** The venue names perpetual contracts `<BASE><QUOTE>-PERPETUAL`; everything else is spot. */
export function isFuturesSymbol(symbol: string): boolean {
  return symbol.endsWith('-PERPETUAL');
}
