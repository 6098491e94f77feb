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

/** What a row stores of the chained content: all of it but the recorded time the head fixes. */
export type ChainedRowFields = Omit<ChainedEventContent, 'recordedAtMicros'>;

/**
 * Fields are separated by NUL, which no Postgres text value can contain, so two
 * different rows never encode to the same bytes. A missing correlation id and an
 * empty one differ by their marker. Written as one concatenation (every appended row
 * is encoded), the same text as joining the fields with NUL.
 */
function encode(row: ChainedRowFields, recordedAtMicros: string): string {
  return (
    `event-chain/v1\u0000${row.globalPosition}\u0000${row.eventId}\u0000${row.streamId}\u0000` +
    `${row.streamVersion}\u0000${row.type}\u0000${row.schemaVersion}\u0000${row.payloadJson}\u0000` +
    `${row.metadataJson}\u0000${row.correlationId === null ? '-' : `+${row.correlationId}`}\u0000` +
    `${row.occurredAtMicros}\u0000${recordedAtMicros}`
  );
}

/**
 * sha256 over the previous row's hash (hex) and this row's content, as lowercase hex:
 * a change anywhere breaks every later link. Stored as 32 bytes (`bytea`).
 */
export function chainHash(previousHash: string, content: ChainedEventContent): string {
  return rowChainHash(previousHash, content, content.recordedAtMicros);
}

/** chainHash of a row and the recorded time apart (the appender holds them so). */
export function rowChainHash(previousHash: string, row: ChainedRowFields, recordedAtMicros: string): string {
  return hash('sha256', `${previousHash}\u0000${encode(row, recordedAtMicros)}`, 'hex');
}
