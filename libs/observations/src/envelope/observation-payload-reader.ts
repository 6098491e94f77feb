import {
  DomainError,
  isVenueStreamEventType,
  readFundingPaymentObservation,
  readFuturesBalanceObservation,
  readFuturesFillObservation,
  readFuturesOrderObservation,
  readFuturesPositionObservation,
  readFuturesStopOrderObservation,
  readMarkPriceObservation,
  readSpotBalanceObservation,
  readSpotFillObservation,
  readSpotOrderObservation,
  readVenueStreamObservation,
} from '@oms/domain';
import { EventCodec, PayloadReader, PayloadReading, PayloadSchemaRegistry } from '@oms/kafka';

type Reader = (payload: unknown) => unknown;

/** Every observation type on the venue-observations topic, at the schema version published, with its domain reader. */
const READERS: Readonly<Record<string, { readonly version: number; readonly read: Reader }>> = {
  SpotOrderObserved: { version: 1, read: (value) => readSpotOrderObservation(value) },
  SpotFillObserved: { version: 2, read: (value) => readSpotFillObservation(value) },
  FuturesOrderObserved: { version: 1, read: (value) => readFuturesOrderObservation(value) },
  FuturesStopOrderObserved: {
    version: 1,
    read: (value) => readFuturesStopOrderObservation(value),
  },
  FuturesFillObserved: { version: 1, read: (value) => readFuturesFillObservation(value) },
  FuturesPositionObserved: { version: 1, read: (value) => readFuturesPositionObservation(value) },
  SpotBalanceObserved: { version: 1, read: (value) => readSpotBalanceObservation(value) },
  FuturesBalanceObserved: { version: 1, read: (value) => readFuturesBalanceObservation(value) },
  MarkPriceObserved: { version: 1, read: (value) => readMarkPriceObservation(value) },
  FundingPaymentObserved: { version: 1, read: (value) => readFundingPaymentObservation(value) },
};

function readerOf(type: string): { readonly version: number; readonly read: Reader } | undefined {
  if (READERS[type] !== undefined) return READERS[type];
  if (isVenueStreamEventType(type))
    return { version: 1, read: (value) => readVenueStreamObservation(type, value) };
  return undefined;
}

/**
 * The one check of observation payloads, used by ingest before publishing and by the
 * OMS when consuming: the libs/domain readers. A payload comes back as the domain
 * observation (the `raw` audit copy is not part of it); a refusal names the field, ready
 * for the dead-letter topic.
 */
export const observationPayloadReader: PayloadReader = {
  read(type: string, schemaVersion: number, payload: unknown): PayloadReading {
    const reader = readerOf(type);
    if (reader === undefined) return { ok: false, reason: `type ${type} is not a venue observation` };
    if (schemaVersion !== reader.version) {
      return { ok: false, reason: `schemaVersion ${schemaVersion} of ${type} is not ${reader.version}` };
    }
    try {
      return { ok: true, payload: reader.read(payload) };
    } catch (error) {
      if (error instanceof DomainError) return { ok: false, reason: error.message };
      throw error;
    }
  },
};

/** The codec of the venue-observations topic: the envelope schema, then the domain readers. */
export function observationCodec(): EventCodec {
  return new EventCodec(new PayloadSchemaRegistry(), { payloadReader: observationPayloadReader });
}
