import { EventEnvelope } from '@oms/kafka';
import { ObservationEvent, observationCodec, observationEnvelope } from '@oms/observations';

const codec = observationCodec();

/** The Kafka message of an observation as ingest publishes it. */
export function wireEnvelope(
  event: ObservationEvent,
  observedAt: number,
  raw: unknown = { spec: true },
): EventEnvelope {
  return observationEnvelope(event, raw, { observedAt, correlationId: `spec-${observedAt}` }).envelope;
}

/** The same message as the OMS consumer hands it to the fold (decoded, payload read by the domain). */
export function decodedEnvelope(event: ObservationEvent, observedAt: number): EventEnvelope {
  const decoded = codec.decode(Buffer.from(JSON.stringify(wireEnvelope(event, observedAt))));
  if (!decoded.ok) throw new Error(decoded.reason);
  return decoded.envelope;
}
