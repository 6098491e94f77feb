import { VenueEngineError } from '../engine-error';
import { EngineDecimal, ZERO } from '../support/engine-decimal';

interface Holding {
  free: EngineDecimal;
  locked: EngineDecimal;
}

/**
 * Free and locked amounts per account and asset. Every mutation records which
 * (account, asset) pairs changed so the caller can publish only those.
 */
export class AssetLedger {
  private readonly holdings = new Map<string, Map<string, Holding>>();
  private readonly changed = new Map<string, Set<string>>();

  private holding(accountId: string, asset: string): Holding {
    let byAsset = this.holdings.get(accountId);
    if (byAsset === undefined) {
      byAsset = new Map();
      this.holdings.set(accountId, byAsset);
    }
    let entry = byAsset.get(asset);
    if (entry === undefined) {
      entry = { free: ZERO, locked: ZERO };
      byAsset.set(asset, entry);
    }
    return entry;
  }

  private touch(accountId: string, asset: string): void {
    let assets = this.changed.get(accountId);
    if (assets === undefined) {
      assets = new Set();
      this.changed.set(accountId, assets);
    }
    assets.add(asset);
  }

  free(accountId: string, asset: string): EngineDecimal {
    return this.holdings.get(accountId)?.get(asset)?.free ?? ZERO;
  }

  locked(accountId: string, asset: string): EngineDecimal {
    return this.holdings.get(accountId)?.get(asset)?.locked ?? ZERO;
  }

  credit(accountId: string, asset: string, amount: EngineDecimal): void {
    const entry = this.holding(accountId, asset);
    entry.free = entry.free.plus(amount);
    this.touch(accountId, asset);
  }

  /** Takes from free; the balance never goes negative. */
  debit(
    accountId: string,
    asset: string,
    amount: EngineDecimal,
    reason: 'insufficientBalance' | 'insufficientMargin' = 'insufficientBalance',
  ): void {
    const entry = this.holding(accountId, asset);
    if (entry.free.lt(amount)) throw new VenueEngineError(reason, { detail: asset });
    entry.free = entry.free.minus(amount);
    this.touch(accountId, asset);
  }

  lock(accountId: string, asset: string, amount: EngineDecimal): void {
    const entry = this.holding(accountId, asset);
    if (entry.free.lt(amount)) throw new VenueEngineError('insufficientBalance', { detail: asset });
    entry.free = entry.free.minus(amount);
    entry.locked = entry.locked.plus(amount);
    this.touch(accountId, asset);
  }

  unlock(accountId: string, asset: string, amount: EngineDecimal): void {
    if (amount.isZero()) return;
    const entry = this.holding(accountId, asset);
    entry.locked = entry.locked.minus(amount);
    entry.free = entry.free.plus(amount);
    this.touch(accountId, asset);
  }

  /** Consumes part of a lock (the asset leaves the account). */
  spendLocked(accountId: string, asset: string, amount: EngineDecimal): void {
    const entry = this.holding(accountId, asset);
    entry.locked = entry.locked.minus(amount);
    this.touch(accountId, asset);
  }

  assets(accountId: string): { asset: string; free: EngineDecimal; locked: EngineDecimal }[] {
    const byAsset = this.holdings.get(accountId);
    if (byAsset === undefined) return [];
    return [...byAsset.entries()]
      .map(([asset, entry]) => ({ asset, free: entry.free, locked: entry.locked }))
      .sort((a, b) => a.asset.localeCompare(b.asset));
  }

  /** Returns and forgets the pairs changed since the last call. */
  drainChanges(): Map<string, Set<string>> {
    const drained = new Map(this.changed);
    this.changed.clear();
    return drained;
  }
}
