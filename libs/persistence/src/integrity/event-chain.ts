import { hash } from 'node:crypto';

/** The hash a chain starts from (hex): the "previous hash" of the first event of the log. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * What an event row's chain hash covers: every column a reader relies on, in the form
 * Postgres gives it back (payload and metadata as canonical JSON, times in whole
 * microseconds), so the hash computed at append time can be recomputed from the row.
 */
export interface ChainedEventContent {
  readonly globalPosition: string;
  readonly eventId: string;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly type: string;
  readonly schemaVersion: number;
  readonly payloadJson: string;
  readonly metadataJson: string;
  readonly correlationId: string | null;
  readonly occurredAtMicros: string;
  readonly recordedAtMicros: string;
}

/**
 * Fields are separated by NUL, which no Postgres text value can contain, so two
 * different rows never encode to the same bytes. A missing correlation id and an
 * empty one differ by their marker.
 */
function encode(content: ChainedEventContent): string {
  return [
    'event-chain/v1',
    content.globalPosition,
    content.eventId,
    content.streamId,
    String(content.streamVersion),
    content.type,
    String(content.schemaVersion),
    content.payloadJson,
    content.metadataJson,
    content.correlationId === null ? '-' : `+${content.correlationId}`,
    content.occurredAtMicros,
    content.recordedAtMicros,
  ].join('\u0000');
}

/**
 * sha256 over the previous row's hash (hex) and this row's content, as lowercase hex:
 * a change anywhere breaks every later link. Stored as 32 bytes (`bytea`).
 */
export function chainHash(previousHash: string, content: ChainedEventContent): string {
  return hash('sha256', `${previousHash}\u0000${encode(content)}`, 'hex');
}
