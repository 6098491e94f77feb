import { balancePartitionKey, deterministicEventId, instrumentPartitionKey, OutgoingEvent } from '@oms/kafka';
import { identityOfObservation, ObservationEvent } from '../observation-event';

/** The symbol field and key part of stream-health events (no instrument; must fit KEY_PART). */
export const STREAM_KEY_SYMBOL = '-stream';

export interface ObservationEnvelopeOptions {
  /** Our clock when the fact was received, epoch ms. */
  readonly observedAt: number;
  readonly correlationId: string;
}

/** The envelope's `symbol`: the instrument, the asset for balances, `-stream` for stream health. */
function keySymbolOf(event: ObservationEvent): string {
  switch (event.type) {
    case 'SpotBalanceObserved':
    case 'FuturesBalanceObserved':
      return event.data.asset;
    case 'FundingPaymentObserved':
      return event.data.symbol ?? event.data.asset;
    case 'VenueStreamConnected':
    case 'VenueStreamDisconnected':
    case 'VenueStreamGapDetected':
      return STREAM_KEY_SYMBOL;
    default:
      return event.data.symbol;
  }
}

/** The venue's time of the fact, epoch ms; null for stream health, which only we observe. */
function venueTimeOf(event: ObservationEvent): number | null {
  switch (event.type) {
    case 'SpotOrderObserved':
    case 'FuturesOrderObserved':
    case 'FuturesStopOrderObserved':
    case 'FuturesPositionObserved':
      return event.data.updateTime;
    case 'SpotFillObserved':
    case 'FuturesFillObserved':
      return event.data.tradeTime;
    case 'SpotBalanceObserved':
    case 'FuturesBalanceObserved':
      return event.data.venueTime;
    case 'MarkPriceObserved':
      return event.data.priceTime;
    case 'FundingPaymentObserved':
      return event.data.settledAt;
    case 'VenueStreamConnected':
    case 'VenueStreamDisconnected':
    case 'VenueStreamGapDetected':
      return null;
  }
}

function isBalance(event: ObservationEvent): boolean {
  return (
    event.type === 'SpotBalanceObserved' ||
    event.type === 'FuturesBalanceObserved' ||
    (event.type === 'FundingPaymentObserved' && event.data.symbol === null)
  );
}

/**
 * The Kafka message of one observation, as the contract says: eventId from the
 * observation's identity, type and schemaVersion of the domain event, payload = the
 * domain data (epoch-ms times, decimal strings) plus `raw`, envelope times in ISO-8601,
 * key `accountId:symbol` (`accountId:asset` for balances, `accountId:-stream` for health).
 */
export function observationEnvelope(
  event: ObservationEvent,
  raw: unknown,
  options: ObservationEnvelopeOptions,
): OutgoingEvent {
  const accountId = event.data.accountId;
  const symbol = keySymbolOf(event);
  const venueTime = venueTimeOf(event);
  return {
    envelope: {
      eventId: deterministicEventId('venue-observation', identityOfObservation(event)),
      type: event.type,
      schemaVersion: event.schemaVersion,
      accountId,
      symbol,
      source: event.data.source,
      observedAt: new Date(options.observedAt).toISOString(),
      venueTime: venueTime === null ? null : new Date(venueTime).toISOString(),
      correlationId: options.correlationId,
      payload: { ...event.data, raw: raw ?? null },
    },
    key: isBalance(event)
      ? balancePartitionKey(accountId, symbol)
      : instrumentPartitionKey(accountId, symbol),
  };
}
