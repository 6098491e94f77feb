import { runCommands } from '../shared/decider';
import { spotOrderDecider } from '../spot-order/spot-order.decider';
import { CLIENT_ORDER_ID, recordFill, recordOrder, spotLimitBuy } from '../test-support/spot-builders';
import { omsOrderStatus, recentEffectiveFills } from './order-view';

describe('order views', () => {
  it('shows an uncertain submission as uncertain, never as failed', () => {
    const { state } = runCommands(spotOrderDecider, [
      {
        type: 'PlaceSpotOrder',
        clientOrderId: CLIENT_ORDER_ID,
        actor: 'desk:alice',
        request: spotLimitBuy(),
        now: 1,
      },
      { type: 'RecordSubmissionUncertain', reason: 'timeout', detail: 'no answer', now: 2 },
    ]);
    expect(omsOrderStatus(state)).toBe('SUBMISSION_UNCERTAIN');
    const absent = runCommands(
      spotOrderDecider,
      [
        {
          type: 'ResolveSubmissionAbsent',
          lookups: 4,
          venueCode: '0211',
          venueMessage: 'Order not found',
          now: 30,
        },
      ],
      state,
    );
    expect(omsOrderStatus(absent.state)).toBe('NOT_PLACED');
  });

  it('lists the real fills with the inferred fill that covers the rest of the executed quantity', () => {
    const { state } = runCommands(spotOrderDecider, [
      recordOrder({ status: 'FILLED', executedQty: '1', cumulativeQuoteQty: '3005', updateTime: 9e12 }),
      recordFill({ ticketId: 'a', qty: '0.5', price: '3000', fee: { asset: 'USDT', amount: '1.5' } }),
    ]);
    expect(recentEffectiveFills(state).map((fill) => [fill.qty, fill.price, fill.inferred])).toEqual([
      ['0.5', '3000', false],
      ['0.5', '3010', true],
    ]);
  });
});
