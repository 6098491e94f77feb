import { DomainError } from '../shared/domain-error';
import { readSpotOrderRequest } from '../spot-order/spot-order-request';
import { readFuturesOrderRequest } from '../futures-order/futures-order-request';
import { readFuturesStopOrderRequest } from '../futures-stop-order/futures-stop-order-request';

const spot = { accountId: 'acc', symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '1', price: '10' };
const futures = {
  accountId: 'acc',
  symbol: 'BTCUSDT-PERPETUAL',
  side: 'BUY_OPEN',
  quantity: '2',
  price: '10',
};
const stop = {
  accountId: 'acc',
  symbol: 'BTCUSDT-PERPETUAL',
  side: 'SELL_CLOSE',
  quantity: '2',
  stopPrice: '9',
};

describe('self-trade prevention in order requests', () => {
  it('keeps the mode a desk chose in spot, futures and stop requests', () => {
    expect(readSpotOrderRequest({ ...spot, stpMode: 'EXPIRE_MAKER' }).stpMode).toBe('EXPIRE_MAKER');
    expect(readFuturesOrderRequest({ ...futures, stpMode: 'EXPIRE_TAKER' }).stpMode).toBe('EXPIRE_TAKER');
    expect(readFuturesStopOrderRequest({ ...stop, stpMode: 'EXPIRE_MAKER' }).stpMode).toBe('EXPIRE_MAKER');
  });

  it('leaves the member out when none was chosen, so requests recorded before read as they were', () => {
    for (const request of [
      readSpotOrderRequest(spot),
      readSpotOrderRequest({ ...spot, stpMode: null }),
      readFuturesOrderRequest(futures),
      readFuturesStopOrderRequest(stop),
    ]) {
      expect(Object.keys(request)).not.toContain('stpMode');
    }
  });

  it('refuses a mode the venue does not have, naming the field', () => {
    const refusal = (() => {
      try {
        readSpotOrderRequest({ ...spot, stpMode: 'CANCEL_BOTH' });
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).message).toContain('request.stpMode');
  });
});
