import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { canonicalJson } from './canonical-json';

/**
 * A stable fingerprint of an aggregate state: SHA-256 (hex) of its canonical JSON.
 * Replays compare these to prove that re-folding the log gives the live state.
 */
export function stateHash(state: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(canonicalJson(state))));
}
