import { isOmsClientOrderId, omsClientOrderId } from './client-order-id';
import { DomainError } from './domain-error';
import { refusalAsValue } from './domain-error';
import { canonicalJson } from './canonical-json';
import { stateHash } from './state-hash';
import {
  orderStreamKey,
  positionStreamId,
  spotBalanceStreamId,
  spotOrderStreamId,
  streamTypeOf,
  venueStreamId,
} from './stream-ids';

describe('stream ids and client order ids', () => {
  it('keys an order the OMS placed by its client id, any other by the venue order id', () => {
    const placed = omsClientOrderId('01JDESK0001');
    expect(orderStreamKey({ orderId: '1738708541676585728', clientOrderId: placed })).toEqual({
      by: 'clientOrderId',
      clientOrderId: placed,
    });
    expect(orderStreamKey({ orderId: '1738708541676585728', clientOrderId: '1722006209978370' })).toEqual({
      by: 'orderId',
      orderId: '1738708541676585728',
    });
    expect(spotOrderStreamId('A1', orderStreamKey({ orderId: '9', clientOrderId: placed }))).toBe(
      'spot-order:A1:c-oms-01JDESK0001',
    );
  });

  it('escapes ":" so two different ids can never share a stream', () => {
    expect(positionStreamId('A:1', 'X', 'LONG')).not.toBe(positionStreamId('A', '1:X', 'LONG'));
    expect(spotBalanceStreamId('A1', 'US%DT')).toBe('spot-balance:A1:US%25DT');
    expect(streamTypeOf(venueStreamId('A1'))).toBe('venue-stream');
  });

  it('refuses a client id token the venue would not accept', () => {
    expect(refusalAsValue(() => omsClientOrderId('bad token'))).toBeInstanceOf(DomainError);
    expect(refusalAsValue(() => omsClientOrderId('x'.repeat(40)))).toBeInstanceOf(DomainError);
    expect(isOmsClientOrderId('oms-')).toBe(false);
  });
});

describe('state hash', () => {
  it('does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 'x'], c: null } })).toBe('{"a":{"c":null,"d":[1,"x"]},"b":1}');
    expect(stateHash({ b: '1', a: '2' })).toBe(stateHash({ a: '2', b: '1' }));
    expect(stateHash({ a: '2' })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes when any value changes', () => {
    expect(stateHash({ qty: '1' })).not.toBe(stateHash({ qty: '1.1' }));
  });

  it('refuses values that are not JSON data', () => {
    expect(() => canonicalJson({ at: Number.NaN })).toThrow('$.at is not a finite number');
  });
});
