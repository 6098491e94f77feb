import { createTestDatabase, TestDatabase } from '../test-support/test-database';

describe('migrations', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });

  afterAll(async () => {
    await database.drop();
  });

  async function tableNames(): Promise<string[]> {
    const rows = await database.dataSource.query<Array<{ table_name: string }>>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    return rows.map((row) => row.table_name);
  }

  it('apply on an empty database, revert completely, and apply again', async () => {
    const applied = await database.dataSource.runMigrations({ transaction: 'each' });
    expect(applied.length).toBeGreaterThan(0);
    expect(await tableNames()).toEqual(expect.arrayContaining(['events', 'event_streams']));
    for (let index = 0; index < applied.length; index += 1) {
      await database.dataSource.undoLastMigration({ transaction: 'each' });
    }
    expect(await tableNames()).toEqual(['schema_migrations']);
    await database.dataSource.runMigrations({ transaction: 'each' });
    expect(await database.dataSource.showMigrations()).toBe(false);
  });
});
