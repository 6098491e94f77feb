import { z } from 'zod';
import {
  DomainError,
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
} from '@oms/domain';
import { PayloadSchemaRegistry } from '@oms/kafka';

/**
 * A payload schema that defers to the libs/domain reader, so the producer and the OMS
 * accept exactly the same payloads (one authority). `raw` is audit data the reader ignores.
 */
function domainReaderSchema(read: (value: unknown, path: string) => unknown): z.ZodTypeAny {
  return z.unknown().superRefine((value, context) => {
    try {
      read(value, 'payload');
    } catch (error) {
      const message = error instanceof DomainError || error instanceof Error ? error.message : String(error);
      context.addIssue({ code: z.ZodIssueCode.custom, message });
    }
  });
}

const epochMs = z.number().int().nonnegative();
const streamHealthBase = {
  accountId: z.string().min(1),
  source: z.literal('ws'),
  raw: z.unknown().optional(),
};

/** Registers the payload of every event type ingest publishes, at its current schema version. */
export function registerObservationPayloads(registry: PayloadSchemaRegistry): PayloadSchemaRegistry {
  return registry
    .register('SpotOrderObserved', 1, domainReaderSchema(readSpotOrderObservation))
    .register('SpotFillObserved', 2, domainReaderSchema(readSpotFillObservation))
    .register('FuturesOrderObserved', 1, domainReaderSchema(readFuturesOrderObservation))
    .register('FuturesStopOrderObserved', 1, domainReaderSchema(readFuturesStopOrderObservation))
    .register('FuturesFillObserved', 1, domainReaderSchema(readFuturesFillObservation))
    .register('FuturesPositionObserved', 1, domainReaderSchema(readFuturesPositionObservation))
    .register('SpotBalanceObserved', 1, domainReaderSchema(readSpotBalanceObservation))
    .register('FuturesBalanceObserved', 1, domainReaderSchema(readFuturesBalanceObservation))
    .register('MarkPriceObserved', 1, domainReaderSchema(readMarkPriceObservation))
    .register('FundingPaymentObserved', 1, domainReaderSchema(readFundingPaymentObservation))
    .register(
      'VenueStreamConnected',
      1,
      z.object({ ...streamHealthBase, connectionId: z.string().min(1), at: epochMs }),
    )
    .register(
      'VenueStreamDisconnected',
      1,
      z.object({ ...streamHealthBase, connectionId: z.string().min(1), at: epochMs, reason: z.string() }),
    )
    .register(
      'VenueStreamGapDetected',
      1,
      z.object({ ...streamHealthBase, from: epochMs, to: epochMs, reason: z.string() }),
    );
}

/** A registry holding only the observation payloads (what ingest's codec needs). */
export function observationPayloadRegistry(): PayloadSchemaRegistry {
  return registerObservationPayloads(new PayloadSchemaRegistry());
}
