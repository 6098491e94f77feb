/**
 * Tokens found recently, by digest, so a desk request does not read desk_tokens each
 * time. Only found tokens are kept (an unknown value always goes to the store, so guessed
 * values cannot fill the memory), each for `ttlMs`: a revocation made by another OMS
 * process sharing the database takes effect within that time; one made here forgets
 * the token at once. `now` is injected so specs control time.
 */
export class RecentTokens<Token> {
  private readonly found = new Map<string, { readonly token: Token; readonly foundAt: number }>();
  private clears = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(digest: string): Token | undefined {
    const entry = this.found.get(digest);
    if (entry === undefined) return undefined;
    if (this.now() - entry.foundAt >= this.ttlMs) {
      this.found.delete(digest);
      return undefined;
    }
    return entry.token;
  }

  /** Taken before reading the store; hand it back to `remember`. */
  generation(): number {
    return this.clears;
  }

  /**
   * Keeps a token read from the store, unless the tokens were cleared since `generation`
   * (a revocation committed while the read was in flight must not be undone here).
   */
  remember(digest: string, token: Token, generation: number): void {
    if (generation !== this.clears) return;
    this.found.delete(digest);
    this.found.set(digest, { token, foundAt: this.now() });
    // Insertion order is age: the oldest go first.
    for (const oldest of this.found.keys()) {
      if (this.found.size <= this.maxEntries) break;
      this.found.delete(oldest);
    }
  }

  /** Forgets every token (after a revocation or a new admin token). */
  clear(): void {
    this.clears += 1;
    this.found.clear();
  }
}
