import { createHash, randomBytes } from 'node:crypto';

/** A new desk token: 256 random bits, recognisable by its prefix in a leaked-secret scan. */
export function generateDeskToken(): string {
  return `desk_${randomBytes(32).toString('base64url')}`;
}

/** How a token is kept at rest and looked up: its SHA-256, hex. */
export function deskTokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
