import { CORRELATION_ID_HEADER } from '@oms/platform';

/** Header names on every event message and on dead letters. */
export const EventHeader = {
  correlationId: CORRELATION_ID_HEADER,
  eventId: 'x-event-id',
  eventType: 'x-event-type',
  schemaVersion: 'x-schema-version',
} as const;

export const DeadLetterHeader = {
  reason: 'x-dead-letter-reason',
  sourceTopic: 'x-source-topic',
  sourcePartition: 'x-source-partition',
  sourceOffset: 'x-source-offset',
  failedAt: 'x-failed-at',
} as const;

export function headerText(value: Buffer | string | (Buffer | string)[] | undefined): string | undefined {
  const single = Array.isArray(value) ? value[0] : value;
  if (single === undefined) return undefined;
  return typeof single === 'string' ? single : single.toString('utf8');
}
