import { storedNumericText } from './committed-order';

describe('storedNumericText', () => {
  it('writes a decimal as a Postgres numeric column gives it back', () => {
    expect(storedNumericText('3000.10')).toBe('3000.10');
    expect(storedNumericText('0.002')).toBe('0.002');
    expect(storedNumericText('003000.10')).toBe('3000.10');
    expect(storedNumericText('-0012.5')).toBe('-12.5');
    expect(storedNumericText('-0.000')).toBe('0.000');
    expect(storedNumericText('000')).toBe('0');
    expect(storedNumericText(null)).toBeNull();
  });

  it('gives up on text that is not a plain decimal, so the row is read back instead', () => {
    expect(storedNumericText('1e3')).toBeUndefined();
    expect(storedNumericText(' 5')).toBeUndefined();
    expect(storedNumericText('.5')).toBeUndefined();
  });
});
