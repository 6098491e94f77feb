import { hash } from 'node:crypto';

/** Namespace of the project's name-based event ids (RFC 4122 version 5). */
const EVENT_ID_NAMESPACE = Buffer.from('6c0f1c9e4b7a4d2a9d1e5f3b2a8c7e61', 'hex');

/**
 * The namespace followed by the name's UTF-8 bytes, hashed in one call: the fold names
 * every event it decides, and a Hash object per id (createHash, two updates, digest to a
 * Buffer) cost more than twice the hashing. Reused, as the hashing is synchronous.
 */
let hashInput = Buffer.alloc(1024);
EVENT_ID_NAMESPACE.copy(hashInput);

/** The RFC 4122 variant bits (10xx) over the high nibble's two low bits. */
const VARIANT_DIGITS = '89ab';

/**
 * A name-based id (UUID v5) from identity parts. Venue observations use
 * `deterministicEventId('venue-observation', observationIdentity(event))` (libs/domain):
 * the identity includes the source, so the same report re-delivered or re-polled
 * unchanged has the same id, while the stream's and the poll's reports of one fill have
 * different ids and are merged by the OMS fold (the poll's fee is never dropped as a
 * duplicate). Events the OMS decides use
 * `deterministicEventId('oms-event', <input eventId or command id>, streamId, index)`.
 */
export function deterministicEventId(...identity: readonly (string | number)[]): string {
  if (identity.length === 0) throw new Error('deterministicEventId needs at least one identity part');
  let name = '';
  for (let index = 0; index < identity.length; index += 1) {
    const part = String(identity[index]);
    name += `${index === 0 ? '' : '|'}${part.length}:${part}`;
  }
  // A UTF-16 code unit takes at most three bytes in UTF-8.
  const largest = EVENT_ID_NAMESPACE.length + name.length * 3;
  if (largest > hashInput.length) {
    hashInput = Buffer.alloc(largest);
    EVENT_ID_NAMESPACE.copy(hashInput);
  }
  const length = EVENT_ID_NAMESPACE.length + hashInput.write(name, EVENT_ID_NAMESPACE.length);
  const hex = hash('sha1', hashInput.subarray(0, length), 'hex');
  // The first 16 bytes of the SHA-1, version 5 in the high nibble of byte 6 and the
  // variant in the two high bits of byte 8.
  return (
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-` +
    `${VARIANT_DIGITS[Number.parseInt(hex[16], 16) & 3]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
  );
}
