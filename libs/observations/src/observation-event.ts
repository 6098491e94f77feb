import {
  FundingPaymentObserved,
  fundingPaymentObservationIdentity,
  MarkPriceObserved,
  markPriceObservationIdentity,
  observationIdentity,
  VenueObservationEvent,
  VenueStreamEvent,
} from '@oms/domain';

/** Everything ingest publishes to the venue-observations topic. */
export type ObservationEvent =
  VenueObservationEvent | MarkPriceObserved | FundingPaymentObserved | VenueStreamEvent;

/** One observation with the venue message or row it was read from (kept for audit). */
export interface MappedObservation<E extends ObservationEvent = ObservationEvent> {
  readonly event: E;
  readonly raw: unknown;
}

/**
 * The identity an envelope's eventId is derived from. Venue facts use libs/domain's
 * observationIdentity (source included); the newer observation types carry their own;
 * stream-health events are identified by the connection and the moment.
 */
export function identityOfObservation(event: ObservationEvent): string {
  switch (event.type) {
    case 'MarkPriceObserved':
      return markPriceObservationIdentity(event);
    case 'FundingPaymentObserved':
      return fundingPaymentObservationIdentity(event);
    case 'VenueStreamConnected':
    case 'VenueStreamDisconnected':
      return [event.type, event.data.accountId, event.data.connectionId, event.data.at].join('|');
    case 'VenueStreamGapDetected':
      return [event.type, event.data.accountId, event.data.from, event.data.to].join('|');
    default:
      return observationIdentity(event);
  }
}
