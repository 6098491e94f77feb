import fc from 'fast-check';
import { createTestDatabase, TestDatabase } from './test-support/test-database';
import { textArray } from './text-array';

describe('textArray in Postgres', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });

  afterAll(async () => {
    await database.drop();
  });

  it('binds the same text[] as the driver binds the array itself', async () => {
    // Postgres text holds no NUL character, whichever way it is sent.
    const text = fc.string({ unit: 'binary' }).filter((value) => !value.includes('\u0000'));
    const arrays = fc.sample(
      fc.array(
        fc.oneof(
          text,
          fc.constantFrom('', 'NULL', 'null', ' ', '{a,b}', 'a"b', 'a\\b', '\\"', 'tab\there', 'é日本😀'),
          fc.uuid(),
          fc.constant(null),
        ),
        { maxLength: 20 },
      ),
      { numRuns: 300, seed: 42 },
    );
    for (const values of [...arrays, [], Array.from({ length: 5_000 }, (_, index) => `id-${index}`)]) {
      const [row] = await database.dataSource.query<Array<{ written: unknown; bound: unknown }>>(
        `SELECT $1::text[] AS written, $2::text[] AS bound`,
        [textArray(values), values],
      );
      expect(row.written).toEqual(row.bound);
    }
  });
});
