import { ExchangeApiError } from './exchange-api-error';
import { RawRequest } from './raw-request';
import { RequestParams } from './request-params';

function raw(rawQuery: string, rawBody = '', contentType = 'application/x-www-form-urlencoded'): RawRequest {
  return { method: 'POST', path: '/x', rawQuery, rawBody, contentType, headers: {} };
}

function errorOf(action: () => unknown): ExchangeApiError {
  try {
    action();
  } catch (error) {
    if (error instanceof ExchangeApiError) return error;
    throw error;
  }
  throw new Error('expected an ExchangeApiError');
}

describe('RequestParams', () => {
  it('reads parameters from the query and a form body, the query winning where both name one', () => {
    const params = RequestParams.from(raw('symbol=BTCUSDT&side=BUY', 'side=SELL&quantity=0.5'));
    expect(params.requiredString('symbol')).toBe('BTCUSDT');
    expect(params.requiredString('side')).toBe('BUY');
    expect(params.requiredDecimal('quantity')).toBe('0.5');
  });

  it('keeps a JSON body apart for batch endpoints and refuses malformed JSON', () => {
    const params = RequestParams.from(raw('timestamp=1', '[{"symbol":"BTCUSDT"}]', 'application/json'));
    expect(params.jsonBody).toEqual([{ symbol: 'BTCUSDT' }]);
    expect(errorOf(() => RequestParams.from(raw('', '[{', 'application/json'))).code).toBe('-1004');
  });

  it('names the missing or malformed field in the error', () => {
    const params = RequestParams.from(raw('price=abc&limit=5000&type=LIMIT'));
    expect(errorOf(() => params.requiredString('symbol')).msg).toBe(
      'Required field symbol missing or invalid',
    );
    expect(errorOf(() => params.requiredDecimal('price')).msg).toContain('price');
    expect(errorOf(() => params.optionalInteger('limit', { max: 1000 })).msg).toContain('limit');
    expect(errorOf(() => params.requiredEnum('type', ['MARKET'] as const)).msg).toContain('type');
  });

  it('treats an empty value as absent', () => {
    const params = RequestParams.from(raw('symbol=&side=BUY'));
    expect(params.optionalString('symbol')).toBeUndefined();
    expect(params.has('side')).toBe(true);
  });
});
