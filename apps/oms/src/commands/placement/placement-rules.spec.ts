import { DomainError, DomainErrorCode, invalidField } from '@oms/domain';
import { DeskErrorCode } from '../../errors/desk-error';
import { requestFingerprint } from '../idempotency/request-fingerprint';
import { newClientOrderId } from './client-order-ids';
import { deskErrorOfDomain } from './domain-refusal';
import { futuresWireOrder, RecordedIntent } from './order-placement.service';

describe('client order ids the OMS sends', () => {
  it('generates a fresh oms- id, or prefixes the desk id so the stream is keyed by it', () => {
    expect(newClientOrderId()).toMatch(/^oms-[0-9a-f]{32}$/);
    expect(newClientOrderId()).not.toBe(newClientOrderId());
    expect(newClientOrderId('hedge-42')).toBe('oms-hedge-42');
    expect(() => newClientOrderId('has space')).toThrow(DomainError);
  });
});

describe('domain refusals as desk errors', () => {
  it('names the desk field, with the batch position when there is one', () => {
    const error = deskErrorOfDomain(invalidField('request.price', 'must be positive'), 'orders[2]');
    expect(error.code).toBe(DeskErrorCode.VALIDATION_FAILED);
    expect(error.details.field).toBe('orders[2].price');
  });

  it('maps a closed order to ORDER_NOT_OPEN and a reused client id to CONFLICT', () => {
    expect(deskErrorOfDomain(new DomainError(DomainErrorCode.OrderAlreadyTerminal, 'FILLED')).code).toBe(
      DeskErrorCode.ORDER_NOT_OPEN,
    );
    expect(deskErrorOfDomain(new DomainError(DomainErrorCode.OrderNotLive, 'not placed')).code).toBe(
      DeskErrorCode.ORDER_NOT_OPEN,
    );
    const reused = deskErrorOfDomain(new DomainError(DomainErrorCode.OrderAlreadyExists, 'exists'));
    expect([reused.code, reused.details.field]).toEqual([DeskErrorCode.CONFLICT, 'clientOrderId']);
  });
});

describe('request fingerprints of idempotency keys', () => {
  it('ignores key order but not values or routes', () => {
    const a = requestFingerprint('POST /v1/spot/orders', { price: '1', quantity: '2' });
    expect(requestFingerprint('POST /v1/spot/orders', { quantity: '2', price: '1' })).toBe(a);
    expect(requestFingerprint('POST /v1/spot/orders', { quantity: '2', price: '1.5' })).not.toBe(a);
    expect(requestFingerprint('POST /v1/futures/orders', { price: '1', quantity: '2' })).not.toBe(a);
  });
});

describe('futures orders as sent to the venue', () => {
  const input = {
    account: 'demo',
    symbol: 'BTCUSDT-PERPETUAL',
    side: 'SELL_CLOSE',
    type: 'STOP',
    quantity: '3',
  } as const;

  it('sends a STOP without price as a market trigger, with its stop price and client id', () => {
    const intent: RecordedIntent<never> = {
      ref: { market: 'futures-stop', accountId: 'demo', clientOrderId: 'oms-1' },
      omsOrderId: 'id',
      input,
      request: {
        product: 'futures-stop',
        accountId: 'demo',
        symbol: 'BTCUSDT-PERPETUAL',
        side: 'SELL_CLOSE',
        quantity: '3',
        stopPrice: '25000',
        price: null,
      } as never,
    };
    expect(futuresWireOrder(intent)).toMatchObject({
      type: 'STOP',
      stopPrice: '25000',
      priceType: 'MARKET',
      clientOrderId: 'oms-1',
      quantity: '3',
    });
  });
});
