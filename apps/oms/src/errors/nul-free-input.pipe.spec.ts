import { DeskError } from './desk-error';
import { NulFreeInputPipe, nulFieldOf } from './nul-free-input.pipe';

describe('NUL-free desk input', () => {
  it('names the first string holding a NUL by its path in the request', () => {
    expect(nulFieldOf({ account: 'demo', orders: [{ symbol: 'ETHUSDT' }, { symbol: 'E\u0000' }] }, '')).toBe(
      'orders[1].symbol',
    );
    expect(nulFieldOf(['a', '\u0000'], 'ids')).toBe('ids[1]');
    expect(nulFieldOf({ account: 'demo', qty: 1, nested: { ok: null } }, '')).toBeNull();
  });

  it('refuses a path parameter or body holding a NUL as VALIDATION_FAILED naming the field, and lets server-made values through', () => {
    const pipe = new NulFreeInputPipe();
    expect(() => pipe.transform('a\u0000', { type: 'param', data: 'id' })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', details: { field: 'id' } }) as DeskError,
    );
    expect(() => pipe.transform({ symbol: '\u0000' }, { type: 'body' })).toThrow('symbol: must not contain');
    expect(pipe.transform({ actor: '\u0000' }, { type: 'custom' })).toEqual({ actor: '\u0000' });
    expect(pipe.transform({ symbol: 'ETHUSDT' }, { type: 'body' })).toEqual({ symbol: 'ETHUSDT' });
  });
});
