import { DomainError, DomainErrorCode } from '../shared/domain-error';
import { readFuturesStopOrderRequest } from './futures-stop-order-request';

const base = {
  accountId: '1735619524953226496',
  symbol: 'ETHUSDT-PERPETUAL',
  side: 'SELL_CLOSE',
  quantity: '10',
  stopPrice: '3600',
};

function refusal(value: unknown): Pick<DomainError, 'code' | 'field'> {
  try {
    readFuturesStopOrderRequest(value);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('the request was read without a refusal');
}

describe('futures stop order request', () => {
  it('reads priceType INPUT with a price as a stop-limit order, and MARKET (or no price) as a stop-market order', () => {
    expect(readFuturesStopOrderRequest({ ...base, priceType: 'INPUT', price: '3700' })).toMatchObject({
      price: '3700',
    });
    expect(readFuturesStopOrderRequest({ ...base, priceType: 'MARKET' })).toMatchObject({ price: null });
    expect(readFuturesStopOrderRequest(base)).toMatchObject({ price: null });
  });

  it('refuses priceType INPUT without a price and MARKET with one, naming the price', () => {
    expect(refusal({ ...base, priceType: 'INPUT' })).toEqual({
      code: DomainErrorCode.MissingField,
      field: 'request.price',
    });
    expect(refusal({ ...base, priceType: 'MARKET', price: '3700' })).toEqual({
      code: DomainErrorCode.InvalidField,
      field: 'request.price',
    });
  });
});
