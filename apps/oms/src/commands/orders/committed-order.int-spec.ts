import { DomainError, omsClientOrderId } from '@oms/domain';
import { spotOrderObservation } from '@oms/domain/test-support/spot-builders';
import { OrderCommandResult } from '../../orders/order-command.port';
import { useCommandReadModelsDatabase } from './test-support/command-read-models-database';
import { committedOrderResponse } from './committed-order';
import { ACCOUNT, spotLimitRequest, T0 } from '../../aggregates/test-support/desk-order-commands';

describe('committedOrderResponse against rm_orders on Postgres', () => {
  const postgres = useCommandReadModelsDatabase();

  function written(result: OrderCommandResult | DomainError): OrderCommandResult {
    if (result instanceof DomainError) throw result;
    return result;
  }

  async function expectSameAsStored(result: OrderCommandResult): Promise<void> {
    expect(result.order).not.toBeNull();
    const answered = committedOrderResponse(result.order!);
    expect(answered).toBeDefined();
    expect(answered).toEqual(await postgres.readModels.order(result.omsOrderId));
  }

  it('answers an intent, its acknowledgement and an uncertain answer exactly as rm_orders then reads', async () => {
    const place = async (clientOrderId: string) => {
      const ref = { market: 'spot', accountId: ACCOUNT, clientOrderId } as const;
      // Zeros that neither the domain's decimals nor Postgres' numeric keep: both sides agree.
      const request = spotLimitRequest({ quantity: '01.500', price: '03000.10' });
      const intent = written(
        await postgres.fold.commands.execute(
          ref,
          { type: 'PlaceSpotOrder', clientOrderId, actor: 'alice', request, now: T0 },
          { actor: 'alice', correlationId: `place-${clientOrderId}` },
        ),
      );
      await expectSameAsStored(intent);
      return ref;
    };

    const acknowledged = await place(omsClientOrderId('answered1'));
    const ack = spotOrderObservation({
      accountId: ACCOUNT,
      orderId: '880001',
      clientOrderId: acknowledged.clientOrderId,
      price: '3000.10',
      origQty: '1.500',
      executedQty: '0.000',
      cumulativeQuoteQty: '0.00',
      createdAt: T0 + 10,
      updateTime: T0 + 10,
      source: 'rest-ack',
      acknowledgedRequest: 'create',
    });
    await expectSameAsStored(
      written(
        await postgres.fold.commands.execute(
          acknowledged,
          { type: 'RecordSpotSubmissionAccepted', acknowledgement: ack, now: T0 + 11 },
          { actor: 'alice', correlationId: 'ack-answered1', source: 'rest-ack' },
        ),
      ),
    );

    const uncertain = await place(omsClientOrderId('answered2'));
    await expectSameAsStored(
      written(
        await postgres.fold.commands.execute(
          uncertain,
          { type: 'RecordSubmissionUncertain', reason: 'http-5xx', detail: 'HTTP 500', now: T0 + 12 },
          { actor: 'alice', correlationId: 'uncertain-answered2' },
        ),
      ),
    );
  });
});
