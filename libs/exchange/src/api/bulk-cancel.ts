import { ZodTypeAny, z } from 'zod';
import { EndpointSpec } from '../http/endpoint';
import { VenueRestClient } from '../http/venue-rest-client';
import { WriteOutcome } from '../outcome/write-outcome';
import { checkLimit, checkOrderIds, REQUEST_LIMITS } from '../validation/request-limits';
import { CancelAllAccepted, cancelAllAcceptedSchema } from '../wire/spot-order.wire';
import { checkBeforeSending } from './check-before-sending';

/** Filter of the spot and futures cancelAllOpenOrders endpoints, which the seeds define alike. */
export interface CancelAllOpenOrdersFilter {
  readonly symbol?: string;
  readonly side?: 'BUY' | 'SELL';
  /** Cancels orders with smaller ids (paging through more than one call). */
  readonly fromOrderId?: string;
  readonly limit?: number;
}

/**
 * DELETE .../cancelAllOpenOrders: up to 200 per call; the answer is acceptance, not
 * completion. `precondition` adds the checks only one market has.
 */
export async function sendCancelAllOpenOrders(
  rest: VenueRestClient,
  endpoint: EndpointSpec,
  filter: CancelAllOpenOrdersFilter,
  precondition: () => void = () => undefined,
): Promise<WriteOutcome<CancelAllAccepted>> {
  const checked = checkBeforeSending(() => {
    precondition();
    checkLimit('limit', filter.limit, REQUEST_LIMITS.cancelAllOpenOrdersMaxLimit);
  });
  if (!checked.ok) return checked.rejection;
  const { symbol, side, fromOrderId, limit } = filter;
  return rest.write(endpoint, { params: { symbol, side, fromOrderId, limit } }, cancelAllAcceptedSchema);
}

/** DELETE .../cancelOrderByIds: up to 100 venue ids, comma-separated; the answer lists failures. */
export async function sendCancelOrdersByIds<S extends ZodTypeAny>(
  rest: VenueRestClient,
  endpoint: EndpointSpec,
  orderIds: readonly string[],
  schema: S,
): Promise<WriteOutcome<z.output<S>>> {
  const checked = checkBeforeSending(() => checkOrderIds('orderIds', orderIds));
  if (!checked.ok) return checked.rejection;
  return rest.write(endpoint, { params: { ids: orderIds.join(',') }, orderIds }, schema);
}
