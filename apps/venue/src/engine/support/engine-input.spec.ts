import { VenueEngineError } from '../engine-error';
import { deskEngine, fundedUser } from '../test-support/desk-engine';
import { IdSequence, compareIds } from './id-sequence';
import { formatDecimal, parseDecimalField } from './engine-decimal';

describe('engine input and ids', () => {
  it('accepts only plain decimal strings and names the field otherwise', () => {
    expect(formatDecimal(parseDecimalField(' 0.0100 ', 'price'))).toBe('0.01');
    for (const bad of [
      '',
      '1e5',
      '0x10',
      '1,5',
      'NaN',
      '.5',
      undefined,
      5 as unknown as string,
      null as unknown as string,
    ]) {
      expect(() => parseDecimalField(bad, 'price')).toThrow(
        new VenueEngineError('requiredField', { field: 'price' }),
      );
    }
  });

  it('turns malformed values of a decoded JSON body into exchange errors, never crashes', () => {
    const { engine } = deskEngine();
    const desk = fundedUser(engine, 'desk', { spot: { USDT: '1000' } });
    const malformed = [
      { quantity: 1 as unknown as string },
      { clientOrderId: { id: 1 } as unknown as string },
      { side: undefined as unknown as 'BUY' },
      { timeInForce: 'DAY' as 'GTC' },
    ];
    for (const overrides of malformed) {
      expect(() =>
        engine.placeSpotOrder({
          userId: desk.userId,
          symbol: 'ETHUSDT',
          side: 'BUY',
          type: 'LIMIT',
          quantity: '0.1',
          price: '3000',
          ...overrides,
        }),
      ).toThrow(VenueEngineError);
    }
    expect(() =>
      engine.placeSpotOrder({
        userId: 'nobody',
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '1',
        price: '1',
      }),
    ).toThrow(expect.objectContaining({ code: '-1002' }));
    expect(() =>
      engine.placeSpotOrder({
        userId: desk.userId,
        accountId: desk.futuresAccountId,
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '1',
        price: '1',
      }),
    ).toThrow(expect.objectContaining({ code: '-1130' }));
  });

  it('issues increasing 19-digit ids, the same for the same seed', () => {
    const first = new IdSequence(7);
    const again = new IdSequence(7);
    const other = new IdSequence(8);
    const ids = [first.nextId(), first.nextId(), first.nextId()];
    expect(ids).toEqual([again.nextId(), again.nextId(), again.nextId()]);
    expect(ids.every((id) => /^\d{19}$/.test(id))).toBe(true);
    expect([...ids].sort(compareIds)).toEqual(ids);
    expect(ids).not.toContain(other.nextId());
    expect(compareIds('999', '1000')).toBeLessThan(0);
  });
});
