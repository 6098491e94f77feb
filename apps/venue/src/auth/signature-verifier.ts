import { createHmac, timingSafeEqual, verify } from 'node:crypto';
import { ApiKeyCredential } from './api-key';

/**
 * Checks a signature over one of the candidate `totalParams` strings. There can be more
 * than one candidate because batch clients sign only the query while the seeds define
 * totalParams as query + body; the venue accepts either so real clients work unchanged.
 */
export function verifySignature(
  credential: ApiKeyCredential,
  signature: string,
  candidates: readonly string[],
): boolean {
  switch (credential.kind) {
    case 'HMAC':
      return candidates.some((message) => hmacMatches(credential.secretKey, message, signature));
    case 'ED25519':
      return candidates.some((message) => ed25519Matches(credential, message, signature));
  }
}

function hmacMatches(secretKey: string, message: string, signature: string): boolean {
  // Hex is case-insensitive on the exchange.
  const expected = createHmac('sha256', secretKey).update(message, 'utf8').digest();
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

function ed25519Matches(
  credential: Extract<ApiKeyCredential, { kind: 'ED25519' }>,
  message: string,
  signature: string,
): boolean {
  const bytes = decodeEd25519Signature(signature);
  if (bytes === undefined) return false;
  try {
    return verify(null, Buffer.from(message, 'utf8'), credential.publicKey, bytes);
  } catch {
    return false;
  }
}

/** Ed25519 signatures arrive as Base64 (recommended) or Hex; both are 64 bytes. */
function decodeEd25519Signature(signature: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{128}$/.test(signature)) return Buffer.from(signature, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(signature)) return undefined;
  const bytes = Buffer.from(signature, 'base64');
  return bytes.length === 64 ? bytes : undefined;
}

/**
 * Removes the `signature` parameter from a raw parameter string, keeping everything else
 * byte for byte, and returns what it held (percent-decoded: Base64 signatures must be
 * percent-encoded in a URL).
 */
export function extractSignature(raw: string): { rest: string; signature: string | undefined } {
  if (raw.length === 0) return { rest: raw, signature: undefined };
  let signature: string | undefined;
  const kept: string[] = [];
  for (const part of raw.split('&')) {
    if (part.startsWith('signature=')) {
      signature = safeDecode(part.slice('signature='.length));
    } else {
      kept.push(part);
    }
  }
  return { rest: kept.join('&'), signature };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
