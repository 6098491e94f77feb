import { stateHash } from '@oms/domain';

const hashes = new WeakMap<object, string>();

/**
 * stateHash of an aggregate state, computed once per state object: the kept state and
 * the read-model row of one commit hash the same (immutable) state.
 */
export function cachedStateHash(state: unknown): string {
  if (typeof state !== 'object' || state === null) return stateHash(state);
  let hash = hashes.get(state);
  if (hash === undefined) {
    hash = stateHash(state);
    hashes.set(state, hash);
  }
  return hash;
}
