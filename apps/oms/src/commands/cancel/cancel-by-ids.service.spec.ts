import { RateLimitedError, ExchangeUnavailableError, WriteOutcome } from '@oms/exchange';
import { DeskErrorCode } from '../../errors/desk-error';
import { OrderResponse } from '../../desk/orders/order.response';
import { OrderCommandEntry } from '../../orders/order-command.port';
import { CommandReadModels } from '../orders/command-read-models';
import { OrderCommands } from '../placement/order-commands';
import { UncertainOrderResolver } from '../resolution/uncertain-order-resolver';
import { VenueGateways } from '../venue/venue-gateways';
import { BulkCancelRecorder } from './bulk-cancel.recorder';
import { CancelByIdsService } from './cancel-by-ids.service';

const ORDER = {
  id: '6f1d2c3b-0000-4000-8000-000000000002',
  account: 'desk-a',
  market: 'spot',
  type: 'LIMIT',
  symbol: 'BTCUSDT',
  origin: 'desk',
  clientOrderId: 'oms-def',
  orderId: '202',
  status: 'NEW',
} as OrderResponse;

/** Cancel by ids whose venue call ends as `outcome`; the commands each transaction recorded. */
function serviceAnswering(outcome: WriteOutcome<unknown>) {
  const transactions: Array<{ source: string; entries: OrderCommandEntry[] }> = [];
  const commands = {
    executeAll: (entries: OrderCommandEntry[], _origin: unknown, source: string) => {
      transactions.push({ source, entries });
      return Promise.resolve(
        entries.map(() => ({ omsOrderId: ORDER.id, streamVersion: 2, appendedEventTypes: [] })),
      );
    },
  } as unknown as OrderCommands;
  const readModels = {
    orders: () => Promise.resolve(new Map([[ORDER.id, ORDER]])),
  } as unknown as CommandReadModels;
  const gateways = {
    get: () => ({ client: { spot: { cancelOrdersByIds: () => Promise.resolve(outcome) } } }),
  } as unknown as VenueGateways;
  const recorder = new BulkCancelRecorder(commands, {
    track: () => undefined,
  } as unknown as UncertainOrderResolver);
  return { service: new CancelByIdsService(gateways, readModels, recorder), transactions };
}

describe('CancelByIdsService, a call the venue did not serve', () => {
  const origin = { actor: 'desk-token', correlationId: 'c-2' };

  it("records a 429 the venue answered under the venue's code, not as never sent", async () => {
    const limited = new RateLimitedError('cancelOrderByIds', 'http-429', 1_000, true, '-1003');
    const { service, transactions } = serviceAnswering({ kind: 'rejected', error: limited, sent: true });

    const answer = await service.cancel('spot', 'desk-a', [ORDER.id], origin);

    expect(answer.results[0]).toMatchObject({ error: { code: DeskErrorCode.VENUE_RATE_LIMITED } });
    expect(transactions[1]).toEqual({
      source: 'rest-ack',
      entries: [
        expect.objectContaining({
          command: expect.objectContaining({
            type: 'RecordCancelRejected',
            venueCode: '-1003',
            venueMessage: limited.message,
          }),
        }),
      ],
    });
  });

  it("records a call that never left as NOT_SENT with the client's reason", async () => {
    const refused = new ExchangeUnavailableError('cancelOrderByIds', 'connect ECONNREFUSED 127.0.0.1:1', 1);
    const { service, transactions } = serviceAnswering({ kind: 'rejected', error: refused, sent: false });

    const answer = await service.cancel('spot', 'desk-a', [ORDER.id], origin);

    expect(answer.results[0]).toMatchObject({ error: { code: DeskErrorCode.VENUE_UNAVAILABLE } });
    expect(transactions[1]).toEqual({
      source: 'oms',
      entries: [
        expect.objectContaining({
          command: expect.objectContaining({
            type: 'RecordCancelRejected',
            venueCode: 'NOT_SENT',
            venueMessage: refused.message,
          }),
        }),
      ],
    });
  });
});
