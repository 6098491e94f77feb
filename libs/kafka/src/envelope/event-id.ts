import { createHash } from 'node:crypto';

/** Namespace of the project's name-based event ids (RFC 4122 version 5). */
const EVENT_ID_NAMESPACE = Buffer.from('6c0f1c9e4b7a4d2a9d1e5f3b2a8c7e61', 'hex');

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
  const name = identity.map((part) => `${String(part).length}:${String(part)}`).join('|');
  const hash = createHash('sha1').update(EVENT_ID_NAMESPACE).update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
