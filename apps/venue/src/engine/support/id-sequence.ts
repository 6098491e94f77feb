/**
 * Deterministic 19-digit ids shaped like the exchange's snowflake ids. One sequence
 * serves orders, executions, tickets and trades alike, so that no two ids of
 * different kinds can ever collide, and ids grow in creation order (the exchange's
 * paging relies on "ids smaller than").
 */
export class IdSequence {
  private next: bigint;

  constructor(seed: number) {
    // The seed moves the starting point so that two venues with different seeds never share ids.
    const seedOffset = BigInt(Math.abs(Math.trunc(seed)) % 1_000_000) * 1_000_000_000n;
    this.next = 1_760_000_000_000_000_000n + seedOffset;
  }

  nextId(): string {
    this.next += 1n;
    return this.next.toString();
  }
}

/** Compares two numeric id strings without losing precision. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
