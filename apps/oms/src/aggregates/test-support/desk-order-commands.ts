import { SpotOrderObservation } from '@oms/domain';
import { spotOrderObservation } from '@oms/domain/test-support/spot-builders';

/** The account and clock of the order command specs. */
export const ACCOUNT = 'acc1';
export const T0 = 1_763_900_000_000;

/** A desk's spot limit buy, as PlaceSpotOrder carries it. */
export function spotLimitRequest(overrides: { quantity?: string; price?: string } = {}) {
  return {
    product: 'spot' as const,
    accountId: ACCOUNT,
    symbol: 'ETHUSDT',
    side: 'BUY' as const,
    type: 'LIMIT' as const,
    timeInForce: 'GTC' as const,
    quantity: '1',
    amount: null,
    price: '3000',
    ...overrides,
  };
}

/** The venue's acknowledgement of a create, as RecordSpotSubmissionAccepted carries it. */
export function acknowledgement(
  clientOrderId: string,
  orderId: string,
  overrides: Partial<SpotOrderObservation> = {},
): SpotOrderObservation {
  return spotOrderObservation({
    accountId: ACCOUNT,
    orderId,
    clientOrderId,
    createdAt: T0 + 10,
    updateTime: T0 + 10,
    source: 'rest-ack',
    acknowledgedRequest: 'create',
    ...overrides,
  });
}
