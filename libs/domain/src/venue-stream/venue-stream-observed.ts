import { FieldReader } from '../shared/field-reader';
import { VenueStreamCommand } from './venue-stream.decider';

export const VENUE_STREAM_EVENT_TYPES = [
  'VenueStreamConnected',
  'VenueStreamDisconnected',
  'VenueStreamGapDetected',
] as const;
export type VenueStreamEventType = (typeof VENUE_STREAM_EVENT_TYPES)[number];

export function isVenueStreamEventType(type: string): type is VenueStreamEventType {
  return (VENUE_STREAM_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * Ingest publishes the stream-health events with their domain data as payload; the OMS
 * reads each back into the command that records it (the event's own time is `now`, so
 * folding the same message twice decides the same thing).
 */
export function readVenueStreamObservation(
  type: VenueStreamEventType,
  value: unknown,
  path = 'observation',
): VenueStreamCommand & { readonly accountId: string } {
  const reader = FieldReader.of(value, path);
  const accountId = reader.string('accountId');
  switch (type) {
    case 'VenueStreamConnected':
      return {
        type: 'RecordStreamConnected',
        accountId,
        connectionId: reader.string('connectionId'),
        now: reader.time('at'),
      };
    case 'VenueStreamDisconnected':
      return {
        type: 'RecordStreamDisconnected',
        accountId,
        connectionId: reader.string('connectionId'),
        reason: reader.string('reason'),
        now: reader.time('at'),
      };
    case 'VenueStreamGapDetected':
      return {
        type: 'RecordStreamGap',
        accountId,
        from: reader.time('from'),
        to: reader.time('to'),
        reason: reader.string('reason'),
        now: reader.time('to'),
      };
  }
}
