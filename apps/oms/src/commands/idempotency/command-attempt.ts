import { createHash } from 'node:crypto';

/**
 * One attempt at a command. Under an Idempotency-Key the attempt carries its claim's
 * seed, and the client ids of what it sends derive from it: a repeat that takes over a
 * claim whose OMS died derives the same ids, finds what that attempt recorded, and a
 * venue request it may have made can never be made again under another id.
 */
export class CommandAttempt {
  /** An attempt without an Idempotency-Key: its client ids are random. */
  static readonly UNKEYED = new CommandAttempt(null);

  constructor(private readonly seed: string | null) {}

  /**
   * The token of the client id of the `index`-th thing the request sends (32 hex digits),
   * or undefined without a key (a random one is drawn).
   */
  clientOrderToken(index: number): string | undefined {
    if (this.seed === null) return undefined;
    return createHash('sha256').update(`${this.seed}:${index}`).digest('hex').slice(0, 32);
  }
}
