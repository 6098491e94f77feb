import {
  DuplicateClientOrderIdError,
  InsufficientFundsError,
  InvalidParameterError,
  OrderNotFoundError,
  TimestampRejectedError,
  VenueRejectedError,
} from '../errors/exchange-errors';
import { interpretResponse } from './response-interpretation';

const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  interpretResponse('POST /x', {
    status,
    headers,
    text: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('interpretResponse', () => {
  it.each([
    [{ code: '0211', msg: 'Order not found' }, OrderNotFoundError, '0211'],
    [{ code: '-1141', msg: 'Duplicate order' }, DuplicateClientOrderIdError, '-1141'],
    [{ code: -100012, msg: 'Parameter symbol [String] missing!' }, InvalidParameterError, '-100012'],
    [{ code: '0401', msg: 'Insufficient asset' }, InsufficientFundsError, '0401'],
    [
      { code: '-1021', msg: 'Timestamp for this request is outside of the recvWindow' },
      TimestampRejectedError,
      '-1021',
    ],
    [{ code: '-9999', msg: 'Something new' }, VenueRejectedError, '-9999'],
  ])('turns %j into a typed rejection keeping the code', (body, errorClass, code) => {
    const result = respond(400, body);
    expect(result.type).toBe('rejected');
    if (result.type !== 'rejected') return;
    expect(result.error).toBeInstanceOf(errorClass);
    expect(result.error).toMatchObject({ code, endpoint: 'POST /x', httpStatus: 400 });
  });

  it('reads a failure code inside an HTTP 200', () => {
    expect(respond(200, { code: '-1141', msg: 'Duplicate order' })).toMatchObject({ type: 'rejected' });
  });

  it('treats success codes, string or number, as success', () => {
    expect(respond(200, { code: 0, result: [] })).toMatchObject({ type: 'ok' });
    expect(respond(200, { code: '0000', result: [] })).toMatchObject({ type: 'ok' });
  });

  it('treats an empty body as an empty object', () => {
    expect(respond(200, '')).toEqual({ type: 'ok', body: {}, status: 200 });
  });

  it('makes a 5XX uncertain whatever its body', () => {
    expect(respond(503, { code: '-1000', msg: 'x' })).toMatchObject({
      type: 'uncertain',
      reason: 'http-5xx',
    });
  });

  it.each([
    ['-1006', 'Execution status unknown'],
    ['-1146', 'Order creation timeout'],
    ['-2005', 'Adjust leverage timeout'],
  ])('makes venue code %s (%s) uncertain', (code, msg) => {
    expect(respond(400, { code, msg })).toMatchObject({
      type: 'uncertain',
      reason: 'venue-status-unknown',
    });
  });

  it('reports 429 and 418 as rate limited with Retry-After', () => {
    expect(respond(429, '', { 'retry-after': '30' })).toMatchObject({
      type: 'rate-limited',
      retryAfterMs: 30_000,
    });
    expect(respond(418, 'banned')).toMatchObject({ type: 'rate-limited', status: 418 });
    expect(respond(200, { code: '0003', msg: 'Rate limit exceeded' })).toMatchObject({
      type: 'rate-limited',
    });
  });

  it('reports an unreadable 2XX body as uncertain and an unreadable 4XX as a rejection', () => {
    expect(respond(200, '<html>')).toMatchObject({ type: 'uncertain', reason: 'unreadable-response' });
    expect(respond(403, '<html>')).toMatchObject({ type: 'rejected', error: { code: 'HTTP_403' } });
  });
});
