import { PayloadReader, PayloadReading } from '@oms/kafka';
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

type Reader = (payload: unknown) => unknown;

/** The observation types the OMS folds, at the schema version ingest publishes, with their domain reader. */
const READERS: Readonly<Record<string, { readonly version: number; readonly read: Reader }>> = {
  SpotOrderObserved: { version: 1, read: (value) => readSpotOrderObservation(value) },
  SpotFillObserved: { version: 2, read: (value) => readSpotFillObservation(value) },
  FuturesOrderObserved: { version: 1, read: (value) => readFuturesOrderObservation(value) },
  FuturesStopOrderObserved: { version: 1, read: (value) => readFuturesStopOrderObservation(value) },
  FuturesFillObserved: { version: 1, read: (value) => readFuturesFillObservation(value) },
  FuturesPositionObserved: { version: 1, read: (value) => readFuturesPositionObservation(value) },
  SpotBalanceObserved: { version: 1, read: (value) => readSpotBalanceObservation(value) },
  FuturesBalanceObserved: { version: 1, read: (value) => readFuturesBalanceObservation(value) },
  MarkPriceObserved: { version: 1, read: (value) => readMarkPriceObservation(value) },
  FundingPaymentObserved: { version: 1, read: (value) => readFundingPaymentObservation(value) },
};

/**
 * The codec's payload check is the libs/domain readers (one authority): the payload
 * comes back as the domain observation (the extra `raw` key, kept for audit, is not
 * part of it), and a refusal names the field, ready for the dead-letter topic.
 */
export const domainPayloadReader: PayloadReader = {
  read(type: string, schemaVersion: number, payload: unknown): PayloadReading | undefined {
    const entry = READERS[type];
    const read: Reader | undefined =
      entry !== undefined
        ? entry.read
        : isVenueStreamEventType(type)
          ? (value) => readVenueStreamObservation(type, value)
          : undefined;
    if (read === undefined) return { ok: false, reason: `type ${type} is not an observation the OMS folds` };
    const expected = entry?.version ?? 1;
    if (schemaVersion !== expected) {
      return { ok: false, reason: `schemaVersion ${schemaVersion} of ${type} is not ${expected}` };
    }
    try {
      return { ok: true, payload: read(payload) };
    } catch (error) {
      if (error instanceof DomainError) return { ok: false, reason: error.message };
      throw error;
    }
  },
};
