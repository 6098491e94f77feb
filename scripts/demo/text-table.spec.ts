import { objectTable, textTable } from './text-table';

describe('text tables', () => {
  it('aligns columns and shows missing values as a dash', () => {
    expect(
      textTable(
        'Orders',
        ['id', 'status'],
        [
          ['a1', 'FILLED'],
          ['b22', null],
        ],
      ),
    ).toBe(['Orders', 'id   status', '---  ------', 'a1   FILLED', 'b22  -', ''].join('\n'));
  });

  it('reads nested columns and says when there is nothing to show', () => {
    expect(
      objectTable(
        'Positions',
        [{ symbol: 'BTCUSDT-PERPETUAL', venue: { contracts: '10' } }],
        ['symbol', 'venue.contracts'],
      ),
    ).toContain('BTCUSDT-PERPETUAL  10');
    expect(textTable('Fills', ['fillId'], [])).toContain('(none)');
  });
});
