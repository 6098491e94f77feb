import { createHash } from 'node:crypto';
import { canonicalJson } from '@oms/domain';

/** Same route and same body (key order aside) give the same fingerprint. */
export function requestFingerprint(route: string, body: unknown): string {
  return createHash('sha256')
    .update(route)
    .update('\u0000')
    .update(canonicalJson(body ?? null))
    .digest('hex');
}
