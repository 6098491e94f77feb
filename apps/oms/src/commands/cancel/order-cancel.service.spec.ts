import { DomainError, DomainErrorCode } from '@oms/domain';
import { DeskErrorCode } from '../../errors/desk-error';
import { OrderResponse } from '../../desk/orders/order.response';
import { AnswerRecordings } from '../../orders/answer-recordings';
import { CommandReadModels } from '../orders/command-read-models';
import { OrderCommands } from '../placement/order-commands';
import { UncertainOrderResolver } from '../resolution/uncertain-order-resolver';
import { VenueGateways } from '../venue/venue-gateways';
import { OrderCancelService } from './order-cancel.service';

const ORDER = {
  id: '6f1d2c3b-0000-4000-8000-000000000001',
  account: 'desk-a',
  market: 'spot',
  type: 'LIMIT',
  symbol: 'BTCUSDT',
  origin: 'desk',
  clientOrderId: 'oms-abc',
  orderId: '101',
  status: 'NEW',
} as OrderResponse;

/** A cancel whose RequestCancel finds another cancel of the order pending; the order now as `now`. */
function serviceWhileAnotherCancelIsPending(now: Partial<OrderResponse>) {
  const venueCalls: unknown[] = [];
  const commands = {
    execute: () =>
      Promise.resolve(new DomainError(DomainErrorCode.CancelAlreadyPending, 'a cancel is already requested')),
  } as unknown as OrderCommands;
  const readModels = {
    order: () => Promise.resolve({ ...ORDER, ...now }),
  } as unknown as CommandReadModels;
  const gateways = {
    get: () => ({ client: { spot: { cancelOrder: (lookup: unknown) => venueCalls.push(lookup) } } }),
  } as unknown as VenueGateways;
  const service = new OrderCancelService(
    gateways,
    commands,
    readModels,
    {} as UncertainOrderResolver,
    new AnswerRecordings(),
  );
  return { service, venueCalls };
}

describe('OrderCancelService, a second cancel while the first is pending', () => {
  const origin = { actor: 'desk-token', correlationId: 'c-1' };

  it('answers the order as it is while it is still open, sending nothing', async () => {
    const { service, venueCalls } = serviceWhileAnotherCancelIsPending({ status: 'NEW' });
    await expect(service.cancel(ORDER, origin)).resolves.toMatchObject({ id: ORDER.id, status: 'NEW' });
    expect(venueCalls).toEqual([]);
  });

  it('is ORDER_NOT_OPEN once the first cancel has closed the order', async () => {
    const { service, venueCalls } = serviceWhileAnotherCancelIsPending({ status: 'CANCELED' });
    await expect(service.cancel(ORDER, origin)).rejects.toMatchObject({ code: DeskErrorCode.ORDER_NOT_OPEN });
    expect(venueCalls).toEqual([]);
  });
});
