import {
  EVENT_SOURCES,
  EventEnvelope,
  ISO_TIMESTAMP,
  KEY_PART,
  PASCAL_CASE_TYPE,
  UUID,
} from './event-envelope';

const ENVELOPE_KEYS: ReadonlySet<string> = new Set([
  'eventId',
  'type',
  'schemaVersion',
  'accountId',
  'symbol',
  'source',
  'observedAt',
  'venueTime',
  'correlationId',
  'payload',
]);
const SOURCES: ReadonlySet<unknown> = new Set(EVENT_SOURCES);

function isTimestamp(value: unknown): value is string {
  return typeof value === 'string' && ISO_TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
}

function isKeyPart(value: unknown): value is string {
  return typeof value === 'string' && KEY_PART.test(value);
}

/**
 * The envelope when `candidate` certainly satisfies eventEnvelopeSchema, else undefined.
 * Every Kafka message is checked, and zod's generic walk costs several times more than
 * these direct tests, so the codec tries this first; anything this refuses goes through
 * the schema, which stays the authority and names the failing field. It may refuse more
 * than the schema, never less (a property spec holds it to that).
 */
export function wellFormedEnvelope(candidate: unknown): EventEnvelope | undefined {
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) return undefined;
  const fields = candidate as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!ENVELOPE_KEYS.has(key)) return undefined;
  const { eventId, type, schemaVersion, accountId, symbol, source, observedAt, venueTime, correlationId } =
    fields;
  if (typeof eventId !== 'string' || !UUID.test(eventId)) return undefined;
  if (typeof type !== 'string' || !PASCAL_CASE_TYPE.test(type)) return undefined;
  if (typeof schemaVersion !== 'number' || !Number.isInteger(schemaVersion) || schemaVersion < 1)
    return undefined;
  if (!isKeyPart(accountId) || !isKeyPart(symbol)) return undefined;
  if (!SOURCES.has(source)) return undefined;
  if (!isTimestamp(observedAt)) return undefined;
  if (venueTime !== null && !isTimestamp(venueTime)) return undefined;
  if (typeof correlationId !== 'string' || correlationId.length === 0) return undefined;
  return {
    eventId,
    type,
    schemaVersion,
    accountId,
    symbol,
    source: source as EventEnvelope['source'],
    observedAt,
    venueTime,
    correlationId,
    payload: fields.payload,
  };
}
