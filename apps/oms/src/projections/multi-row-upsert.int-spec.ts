import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';
import { col, upsertRows } from './multi-row-upsert';

const COLUMNS = [
  col('id', 'text'),
  col('part', 'int'),
  col('amount', 'numeric'),
  col('at', 'timestamptz'),
  col('flag', 'boolean'),
  col('facts', 'jsonb'),
  col('tags', 'jsonb', 'ARRAY(SELECT jsonb_array_elements_text(u.tags))'),
];

describe('upsertRows', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    await database.dataSource.query(
      `CREATE TABLE upserted (id text, part int, amount numeric, at timestamptz, flag boolean, facts jsonb, tags text[],
                              PRIMARY KEY (id, part))`,
    );
  });

  afterAll(async () => {
    await database.drop();
  });

  const read = () =>
    database.dataSource.query(
      `SELECT id, part, amount::text, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS at, flag, facts, tags
       FROM upserted ORDER BY id, part`,
    );

  it('writes every column type as given (exact decimals, JSON kept as JSON, text with quotes), the last row of a key winning', async () => {
    await upsertRows(
      database.dataSource,
      'upserted',
      COLUMNS,
      ['id', 'part'],
      [
        [
          'a "quoted" \\ id',
          1,
          '0.10000000000000000001',
          '2026-01-02T03:04:05.678Z',
          true,
          { b: [1, 'x'], a: null },
          ['t1', 't"2'],
        ],
        ['b', 1, '5', null, false, null, []],
        ['b', 1, '6', null, null, { replaced: true }, ['later']],
      ],
    );
    expect(await read()).toEqual([
      {
        id: 'a "quoted" \\ id',
        part: 1,
        amount: '0.10000000000000000001',
        at: '2026-01-02T03:04:05.678',
        flag: true,
        facts: { a: null, b: [1, 'x'] },
        tags: ['t1', 't"2'],
      },
      { id: 'b', part: 1, amount: '6', at: null, flag: null, facts: { replaced: true }, tags: ['later'] },
    ]);
  });

  it('updates the columns of a row whose key is stored already', async () => {
    await upsertRows(
      database.dataSource,
      'upserted',
      COLUMNS,
      ['id', 'part'],
      [
        ['b', 1, '7.25', '2026-02-01T00:00:00.000Z', true, { n: 2 }, ['x']],
        ['b', 2, '1', null, false, null, []],
      ],
    );
    expect((await read()).filter((row: { id: string }) => row.id === 'b')).toEqual([
      {
        id: 'b',
        part: 1,
        amount: '7.25',
        at: '2026-02-01T00:00:00.000',
        flag: true,
        facts: { n: 2 },
        tags: ['x'],
      },
      { id: 'b', part: 2, amount: '1', at: null, flag: false, facts: null, tags: [] },
    ]);
  });
});
