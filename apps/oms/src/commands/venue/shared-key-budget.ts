import { DEFAULT_RATE_BUDGETS, RateBudgets } from '@oms/exchange';

export interface KeyBudget {
  readonly queryPerSecond: number;
  readonly orderPerSecond: number;
}

export interface OmsKeyShare {
  /** Ingest polls with this key too (no read-only key of its own). */
  readonly sharesKeyWithIngest: boolean;
  /** Part of a shared key's budget left to ingest. */
  readonly ingestShare: number;
  /** OMS processes that send with this key at once (scale-out, or a takeover overlapping the old process). */
  readonly omsProcessesPerKey: number;
  readonly keyBudget?: KeyBudget;
}

const SEEDS_KEY_BUDGET: KeyBudget = {
  queryPerSecond: DEFAULT_RATE_BUDGETS.query.weight,
  orderPerSecond: DEFAULT_RATE_BUDGETS.order.weight,
};

/**
 * One OMS process's weight per second of a key's budget: the OMS part (the whole key,
 * or what ingest leaves of a shared one) divided among the OMS processes on the key,
 * rounded down. Every process and ingest keeping to their own parts, their sum never
 * exceeds the venue's budget, so none of them can earn the 429 that would suspend the
 * key, and with it every desk order, for a minute.
 */
export function omsProcessWeightPerSecond(keyWeightPerSecond: number, share: OmsKeyShare): number {
  const omsShare = share.sharesKeyWithIngest ? 1 - share.ingestShare : 1;
  return Math.floor((keyWeightPerSecond * omsShare) / share.omsProcessesPerKey);
}

/**
 * The rate budgets of one OMS process's client. A part below one weight per second is
 * zero, and the limiter grants nothing of it: configuration refuses a configured process
 * count that leaves so little (loadCommandsConfig), but more processes may join a key
 * than configured. Transfers are the OMS's alone; public market data is not counted
 * per key.
 */
export function omsRateBudgets(share: OmsKeyShare): RateBudgets {
  const keyBudget = share.keyBudget ?? SEEDS_KEY_BUDGET;
  const part = (keyWeightPerSecond: number) => ({
    windowMs: 1_000,
    weight: omsProcessWeightPerSecond(keyWeightPerSecond, share),
  });
  return {
    ...DEFAULT_RATE_BUDGETS,
    query: part(keyBudget.queryPerSecond),
    order: part(keyBudget.orderPerSecond),
  };
}
