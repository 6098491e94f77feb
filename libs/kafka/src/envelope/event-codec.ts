import { z } from 'zod';
import { wellFormedEnvelope } from './envelope-fast-path';
import { EventEnvelope, eventEnvelopeSchema } from './event-envelope';
import { PayloadSchemaRegistry } from './payload-schema-registry';

export type DecodeResult =
  { readonly ok: true; readonly envelope: EventEnvelope } | { readonly ok: false; readonly reason: string };

/** Thrown when an event about to be published does not fit the contract. */
export class InvalidEventError extends Error {
  constructor(readonly reason: string) {
    super(`event rejected: ${reason}`);
    this.name = 'InvalidEventError';
  }
}

/** What a payload reader says about one payload: its parsed form, or why it is refused. */
export type PayloadReading =
  { readonly ok: true; readonly payload: unknown } | { readonly ok: false; readonly reason: string };

/**
 * Reads payloads of the types it knows (undefined for any other type). The OMS passes
 * the libs/domain readers here, so the domain stays the one authority on observation
 * payloads and a refused payload reaches the dead-letter topic with the domain's reason.
 */
export interface PayloadReader {
  read(type: string, schemaVersion: number, payload: unknown): PayloadReading | undefined;
}

export interface EventCodecOptions {
  /** 'reject' (default) refuses types without a registered payload schema or reader. */
  readonly unregisteredTypes?: 'reject' | 'accept';
  /** Consulted before the zod registry; a type it knows never reaches the registry. */
  readonly payloadReader?: PayloadReader;
}

function describeIssues(prefix: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
      return `${path}: ${issue.message}`;
    })
    .join('; ');
}

/**
 * JSON codec for event envelopes. Decoding never throws: what does not fit comes back
 * with a reason naming the field, ready for the dead-letter topic.
 */
export class EventCodec {
  constructor(
    private readonly registry: PayloadSchemaRegistry,
    private readonly options: EventCodecOptions = {},
  ) {}

  validate(candidate: unknown): DecodeResult {
    let envelope = wellFormedEnvelope(candidate);
    if (!envelope) {
      const parsed = eventEnvelopeSchema.safeParse(candidate);
      if (!parsed.success) return { ok: false, reason: describeIssues('envelope', parsed.error) };
      envelope = { ...parsed.data, payload: parsed.data.payload };
    }
    const reading = this.options.payloadReader?.read(envelope.type, envelope.schemaVersion, envelope.payload);
    if (reading !== undefined) {
      if (!reading.ok) return { ok: false, reason: `payload.${reading.reason}` };
      return { ok: true, envelope: { ...envelope, payload: reading.payload } };
    }
    const payloadSchema = this.registry.lookup(envelope.type, envelope.schemaVersion);
    if (!payloadSchema) {
      if (this.options.unregisteredTypes === 'accept') return { ok: true, envelope };
      return {
        ok: false,
        reason: `no payload schema registered for ${envelope.type} v${envelope.schemaVersion}`,
      };
    }
    const payload = payloadSchema.safeParse(envelope.payload);
    if (!payload.success) return { ok: false, reason: describeIssues('payload', payload.error) };
    return { ok: true, envelope: { ...envelope, payload: payload.data as unknown } };
  }

  encode(envelope: EventEnvelope): Buffer {
    const checked = this.validate(envelope);
    if (!checked.ok) throw new InvalidEventError(checked.reason);
    return Buffer.from(JSON.stringify(envelope), 'utf8');
  }

  decode(bytes: Buffer | null): DecodeResult {
    if (!bytes || bytes.length === 0) return { ok: false, reason: 'message has no value' };
    let candidate: unknown;
    try {
      candidate = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      return {
        ok: false,
        reason: `value is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    return this.validate(candidate);
  }
}
