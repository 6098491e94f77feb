import { OrderLifecycleState } from '@oms/domain';
import { orderStreamIdOf } from '../../aggregates/order-command.service';
import { pendingKinds, refOfState } from './pending-order';

const state = (overrides: Partial<OrderLifecycleState>): OrderLifecycleState => ({
  clientOrderId: 'oms-abc',
  orderId: null,
  submission: { phase: 'none' },
  cancel: { phase: 'none' },
  breaks: {},
  ...overrides,
});

describe('pending desk orders in the fold states', () => {
  it('finds the desk order of a fold state by stream type, account and client id', () => {
    const ref = refOfState('futures-stop-order', { accountId: 'desk-a', clientOrderId: 'oms-abc' });
    expect(ref).toEqual({ market: 'futures-stop', accountId: 'desk-a', clientOrderId: 'oms-abc' });
    expect(orderStreamIdOf(ref!)).toBe('futures-stop-order:desk-a:c-oms-abc');
    expect(refOfState('position', { accountId: 'desk-a', clientOrderId: 'x' })).toBeNull();
  });

  it('finds an order placed elsewhere by its venue order id, the key of its stream', () => {
    const ref = refOfState('spot-order', { accountId: 'desk-a', clientOrderId: 'ext-1', orderId: '991' });
    expect(ref).toEqual({ market: 'spot', accountId: 'desk-a', clientOrderId: 'ext-1', orderId: '991' });
    expect(orderStreamIdOf(ref!)).toBe('spot-order:desk-a:o-991');
    expect(refOfState('spot-order', { accountId: 'desk-a', clientOrderId: null, orderId: '992' })).toEqual({
      market: 'spot',
      accountId: 'desk-a',
      clientOrderId: '',
      orderId: '992',
    });
    expect(
      refOfState('spot-order', { accountId: 'desk-a', clientOrderId: 'ext-2', orderId: null }),
    ).toBeNull();
  });

  it('resumes intents without an answer, uncertain submissions and open cancels; nothing else', () => {
    const requested = { phase: 'requested', actor: 'desk', requestedAt: 1 } as const;
    expect(pendingKinds(state({ submission: requested }))).toEqual(['submission']);
    expect(
      pendingKinds(
        state({
          submission: {
            phase: 'uncertain',
            actor: 'desk',
            requestedAt: 1,
            uncertainSince: 2,
            reason: 'http-5xx',
            lookups: 0,
          },
          cancel: { phase: 'requested', actor: 'desk', requestedAt: 3, acknowledgedAt: 4 },
        }),
      ),
    ).toEqual(['submission', 'cancel']);
    expect(
      pendingKinds(
        state({ submission: { phase: 'accepted', actor: 'desk', requestedAt: 1, acceptedAt: 2 } }),
      ),
    ).toEqual([]);
    expect(
      pendingKinds(
        state({
          cancel: { phase: 'resolved', actor: 'desk', requestedAt: 1, outcome: 'canceled', resolvedAt: 2 },
        }),
      ),
    ).toEqual([]);
  });
});
