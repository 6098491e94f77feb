import { omsClientOrderId } from '@oms/domain';
import { spotOrderObservation } from '@oms/domain/test-support/spot-builders';
import { DeskApp } from './desk-app';
import {
  ORDER_COMMAND_PORT,
  OrderCommandPort,
  OrderCommandResult,
} from '../../apps/oms/src/orders/order-command.port';

/** Places a spot order through the OMS's own command port (events, aggregate, read models). */
export async function placeSpotOrder(desk: DeskApp, account: string, token: string, actor = 'admin') {
  const port = desk.app.get<OrderCommandPort>(ORDER_COMMAND_PORT);
  const clientOrderId = omsClientOrderId(token);
  const now = Date.now();
  const placed = (await port.execute(
    { market: 'spot', accountId: account, clientOrderId },
    {
      type: 'PlaceSpotOrder',
      clientOrderId,
      actor,
      now,
      request: {
        product: 'spot',
        accountId: account,
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '1',
        amount: null,
        price: '3000',
      },
    },
    { actor, correlationId: `place-${token}` },
  )) as OrderCommandResult;
  const acknowledge = async (orderId: string) => {
    const ack = spotOrderObservation({
      accountId: account,
      orderId,
      clientOrderId,
      createdAt: Date.now(),
      updateTime: Date.now(),
      source: 'rest-ack',
      acknowledgedRequest: 'create',
    });
    return port.execute(
      { market: 'spot', accountId: account, clientOrderId },
      { type: 'RecordSpotSubmissionAccepted', acknowledgement: ack, now: Date.now() },
      { actor: null, correlationId: `ack-${token}` },
    );
  };
  return { omsOrderId: placed.omsOrderId, clientOrderId, acknowledge };
}
