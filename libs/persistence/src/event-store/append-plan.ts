import { canonicalJson } from '../integrity/canonical-json';
import { chainHash } from '../integrity/event-chain';
import { AppendResult, ExpectedVersion, NewEvent, StoredEvent } from './event-store.types';
import { LockedLogHead } from './event-log-head';
import { StreamVersionConflictError } from './stream-version-conflict.error';

/** The events to append to one stream, with what the appender believes its version is. */
export interface StreamAppend {
  readonly streamId: string;
  readonly streamType: string;
  readonly expectedVersion: ExpectedVersion;
  readonly events: readonly NewEvent[];
}

/** The rows to insert, column by column (the insert binds one array per column). */
export interface PlannedRows {
  readonly globalPositions: string[];
  readonly eventIds: string[];
  readonly streamIds: string[];
  readonly streamVersions: number[];
  readonly types: string[];
  readonly schemaVersions: number[];
  readonly payloads: string[];
  readonly metadata: string[];
  readonly correlationIds: Array<string | null>;
  readonly occurredAtMicros: string[];
  /** Hex. */
  readonly chainHashes: string[];
}

export interface AppendPlan {
  readonly rows: PlannedRows;
  /** Streams that receive events, with their version after the append. */
  readonly streams: { readonly ids: string[]; readonly types: string[]; readonly versions: number[] };
  readonly results: AppendResult[];
  readonly head: { readonly lastPosition: string; readonly lastHash: string };
}

/** Several appends to one stream in a batch act as one append (expected version of the first). */
export function mergeByStream(appends: readonly StreamAppend[]): StreamAppend[] {
  const merged = new Map<string, StreamAppend>();
  for (const append of appends) {
    const earlier = merged.get(append.streamId);
    merged.set(
      append.streamId,
      earlier ? { ...earlier, events: [...earlier.events, ...append.events] } : append,
    );
  }
  return [...merged.values()].sort((a, b) =>
    a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0,
  );
}

/**
 * Decides, under the head lock, what the append writes: checks every expected version
 * (a stale one throws and nothing is written), skips events already stored or already
 * planned earlier in the batch, numbers the rest densely per stream and globally from
 * the head, and chains their hashes.
 */
export function planAppend(
  streams: readonly StreamAppend[],
  versions: ReadonlyMap<string, number>,
  storedEventIds: ReadonlySet<string>,
  head: LockedLogHead,
): AppendPlan {
  for (const stream of streams) {
    const actual = versions.get(stream.streamId) ?? 0;
    if (stream.expectedVersion !== 'any' && stream.expectedVersion !== actual) {
      throw new StreamVersionConflictError(stream.streamId, stream.expectedVersion, actual);
    }
  }
  const rows: PlannedRows = {
    globalPositions: [],
    eventIds: [],
    streamIds: [],
    streamVersions: [],
    types: [],
    schemaVersions: [],
    payloads: [],
    metadata: [],
    correlationIds: [],
    occurredAtMicros: [],
    chainHashes: [],
  };
  const touched: AppendPlan['streams'] = { ids: [], types: [], versions: [] };
  const results: AppendResult[] = [];
  const planned = new Set<string>();
  // Positions stay far below 2^53, so plain numbers count them exactly.
  let position = Number(head.lastPosition);
  let previousHash = head.lastHash;
  const recordedAt = Math.floor(Number(head.nowMicros) / 1000);
  for (const stream of streams) {
    let version = versions.get(stream.streamId) ?? 0;
    const appended: StoredEvent[] = [];
    const duplicates: string[] = [];
    const offeredHere = new Set<string>();
    for (const event of stream.events) {
      if (offeredHere.has(event.eventId)) continue;
      offeredHere.add(event.eventId);
      if (storedEventIds.has(event.eventId) || planned.has(event.eventId)) {
        duplicates.push(event.eventId);
        continue;
      }
      planned.add(event.eventId);
      position += 1;
      version += 1;
      const globalPosition = String(position);
      const payloadJson = canonicalJson(event.payload);
      const metadataJson = canonicalJson(event.metadata ?? {});
      const correlationId = event.correlationId ?? null;
      const occurredAtMicros = String(Math.round(event.occurredAt * 1000));
      previousHash = chainHash(previousHash, {
        globalPosition,
        eventId: event.eventId,
        streamId: stream.streamId,
        streamVersion: version,
        type: event.type,
        schemaVersion: event.schemaVersion,
        payloadJson,
        metadataJson,
        correlationId,
        occurredAtMicros,
        recordedAtMicros: head.nowMicros,
      });
      rows.globalPositions.push(globalPosition);
      rows.eventIds.push(event.eventId);
      rows.streamIds.push(stream.streamId);
      rows.streamVersions.push(version);
      rows.types.push(event.type);
      rows.schemaVersions.push(event.schemaVersion);
      rows.payloads.push(payloadJson);
      rows.metadata.push(metadataJson);
      rows.correlationIds.push(correlationId);
      rows.occurredAtMicros.push(occurredAtMicros);
      rows.chainHashes.push(previousHash);
      appended.push(
        appendedEvent(
          {
            globalPosition,
            eventId: event.eventId,
            streamId: stream.streamId,
            streamVersion: version,
            type: event.type,
            schemaVersion: event.schemaVersion,
            correlationId: correlationId ?? undefined,
            occurredAt: Math.floor(Number(occurredAtMicros) / 1000),
            recordedAt,
          },
          payloadJson,
          metadataJson,
        ),
      );
    }
    if (appended.length > 0) {
      touched.ids.push(stream.streamId);
      touched.types.push(stream.streamType);
      touched.versions.push(version);
    }
    results.push({ streamId: stream.streamId, version, appended, duplicateEventIds: duplicates });
  }
  if (!Number.isSafeInteger(position)) throw new Error(`global position ${position} exceeds 2^53`);
  return {
    rows,
    streams: touched,
    results,
    head: { lastPosition: String(position), lastHash: previousHash },
  };
}

/**
 * The stored event as a later read returns it: payload and metadata parsed from the
 * stored JSON, so what the caller holds is never shared with the store. The payload is
 * parsed when first read, so folds that ignore the appended events pay nothing for it.
 */
function appendedEvent(
  fields: Omit<StoredEvent, 'payload' | 'metadata'>,
  payloadJson: string,
  metadataJson: string,
): StoredEvent {
  let payload: unknown;
  let parsed = false;
  return {
    ...fields,
    get payload(): unknown {
      if (!parsed) {
        payload = JSON.parse(payloadJson) as unknown;
        parsed = true;
      }
      return payload;
    },
    metadata: metadataJson === '{}' ? {} : (JSON.parse(metadataJson) as Record<string, unknown>),
  };
}
