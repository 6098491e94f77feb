import { deterministicEventId } from '@oms/kafka';
import { omsOrderId, spotAveragePrice } from './order-row';

describe('omsOrderId', () => {
  it('is the UUID v5 of the stream id, the same when remembered and after it was forgotten', () => {
    const streamId = 'spot-order:acc1:oms-remembered';
    const expected = deterministicEventId('oms-order', streamId);
    expect(omsOrderId(streamId)).toBe(expected);
    expect(omsOrderId(streamId)).toBe(expected);
    for (let index = 0; index < 60_000; index += 1) omsOrderId(`spot-order:acc1:oms-other-${index}`);
    expect(omsOrderId(streamId)).toBe(expected);
    expect(omsOrderId('spot-order:acc1:oms-other-59999')).toBe(
      deterministicEventId('oms-order', 'spot-order:acc1:oms-other-59999'),
    );
  });
});

describe('spotAveragePrice', () => {
  it('is the cumulative quote over the executed quantity, exact where it divides and 40 digits where it does not', () => {
    expect(spotAveragePrice('0.02', '1338.4862')).toBe('66924.31');
    expect(spotAveragePrice('3', '100')).toBe('33.33333333333333333333333333333333333333');
  });

  it('is null until both quantities are known and positive', () => {
    expect(spotAveragePrice('0', '0')).toBeNull();
    expect(spotAveragePrice('0.001', '0')).toBeNull();
    expect(spotAveragePrice('0.001', null)).toBeNull();
  });
});
