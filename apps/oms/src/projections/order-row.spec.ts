import { deterministicEventId } from '@oms/kafka';
import { omsOrderId } from './order-row';

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
