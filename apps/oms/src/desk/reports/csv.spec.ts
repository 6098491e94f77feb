import { csvField, csvLine } from './csv';

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and leaves plain values alone', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'x\ny', null, '0.0000001', ['ws', 'rest-poll']])).toBe(
      'a,"b,c","say ""hi""","x\ny",,0.0000001,ws rest-poll\r\n',
    );
  });

  it('defuses a cell a spreadsheet would run as a formula, but not a negative number', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12.5')).toBe('-12.5');
  });
});
