import { z } from 'zod';

export const EVENT_SOURCES = ['ws', 'rest-poll', 'rest-ack', 'oms'] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

// Compiled once: zod's own datetime check builds its pattern on every parse, which
// dominated encode and decode time at Kafka rates.
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const isoTimestamp = z
  .string()
  .refine(
    (value) => ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value)),
    'must be an ISO-8601 timestamp',
  );
// The partition key joins these with ':', so they may not contain one.
export const KEY_PART = /^[^:\s]+$/;
export const PASCAL_CASE_TYPE = /^[A-Z][A-Za-z0-9]*$/;
/** zod 3's UUID pattern, kept here so the codec's fast path accepts exactly what zod does. */
export const UUID = /^[0-9a-fA-F]{8}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{12}$/i;
const keyPart = z.string().min(1, 'must not be empty').regex(KEY_PART, 'must not contain ":" or whitespace');

/**
 * The one envelope every event on Kafka travels in (architecture.md, "Kafka contract").
 * The payload is checked separately, against the schema registered for its type and
 * schema version.
 */
export const eventEnvelopeSchema = z
  .object({
    eventId: z.string().regex(UUID, 'must be a UUID derived from the source identity'),
    type: z.string().regex(PASCAL_CASE_TYPE, 'must be a PascalCase event name'),
    schemaVersion: z.number().int('must be an integer').positive('must be at least 1'),
    accountId: keyPart,
    /** The instrument; for balance events, the asset. */
    symbol: keyPart,
    source: z.enum(EVENT_SOURCES),
    observedAt: isoTimestamp,
    venueTime: isoTimestamp.nullable(),
    correlationId: z.string().min(1, 'must not be empty'),
    payload: z.unknown(),
  })
  .strict();

export type EventEnvelope<TPayload = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & {
  readonly payload: TPayload;
};
