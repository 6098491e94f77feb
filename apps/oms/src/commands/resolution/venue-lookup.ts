import {
  ExchangeUnavailableError,
  OrderNotFoundError,
  RateLimitedError,
  VenueRejectionError,
} from '@oms/exchange';
import {
  futuresLimitOrderObservation,
  futuresStopOrderObservation,
  spotOrderRecordObservation,
} from '@oms/observations';
import { DomainError } from '@oms/domain';
import { OrderAggregateRef, OrderCommandResult } from '../../orders/order-command.port';
import { CommandOrigin, OrderCommands } from '../placement/order-commands';
import { VenueGateway } from '../venue/venue-gateways';

/** Folds the venue's record of the order into its aggregate (source rest-poll). */
export type RecordFound = (
  commands: OrderCommands,
  origin: CommandOrigin,
) => Promise<OrderCommandResult | DomainError>;

export type LookupResult =
  | { readonly answer: 'found'; readonly record: RecordFound }
  | { readonly answer: 'not-found'; readonly venueCode: string; readonly venueMessage: string }
  /** The venue gave no answer (outage, 5XX after the read retries, 429): nothing learned. */
  | { readonly answer: 'unavailable'; readonly detail: string }
  /** The OMS's own budget for the key is spent for now: not asked, nothing learned. */
  | { readonly answer: 'skipped' };

/**
 * One lookup of an order by the client id the OMS generated (an order placed elsewhere:
 * by its venue order id): spot by `origClientOrderId`, futures by `clientOrderId` with
 * `type` LIMIT or STOP. A found
 * order comes back as the observation command (source rest-poll) that folds it.
 */
export async function lookUpOrder(
  gateway: VenueGateway,
  ref: OrderAggregateRef,
  now: number,
): Promise<LookupResult> {
  const account = ref.accountId;
  // An order placed elsewhere is known to the OMS by its venue order id.
  const key = ref.orderId !== undefined ? { orderId: ref.orderId } : { clientOrderId: ref.clientOrderId };
  try {
    switch (ref.market) {
      case 'spot': {
        const record = await gateway.client.spot.getOrder(
          'orderId' in key ? key : { origClientOrderId: key.clientOrderId },
        );
        const observation = spotOrderRecordObservation(account, record).data;
        return {
          answer: 'found',
          record: (commands, origin) =>
            commands.execute(
              ref,
              { type: 'RecordSpotOrderObservation', observation, now },
              origin,
              'rest-poll',
            ),
        };
      }
      case 'futures': {
        const record = await gateway.client.futures.getOrder({ type: 'LIMIT', ...key });
        const observation = futuresLimitOrderObservation(account, record).data;
        return {
          answer: 'found',
          record: (commands, origin) =>
            commands.execute(
              ref,
              { type: 'RecordFuturesOrderObservation', observation, now },
              origin,
              'rest-poll',
            ),
        };
      }
      case 'futures-stop': {
        const record = await gateway.client.futures.getOrder({ type: 'STOP', ...key });
        const observation = futuresStopOrderObservation(account, record).data;
        return {
          answer: 'found',
          record: (commands, origin) =>
            commands.execute(
              ref,
              { type: 'RecordFuturesStopOrderObservation', observation, now },
              origin,
              'rest-poll',
            ),
        };
      }
    }
  } catch (error) {
    if (error instanceof OrderNotFoundError) {
      return { answer: 'not-found', venueCode: error.code, venueMessage: error.venueMessage };
    }
    if (error instanceof RateLimitedError && error.reason === 'local-budget') return { answer: 'skipped' };
    if (
      error instanceof ExchangeUnavailableError ||
      error instanceof RateLimitedError ||
      error instanceof VenueRejectionError
    ) {
      return { answer: 'unavailable', detail: error.message };
    }
    return { answer: 'unavailable', detail: error instanceof Error ? error.name : 'unknown error' };
  }
}
