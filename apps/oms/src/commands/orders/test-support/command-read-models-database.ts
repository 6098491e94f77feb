import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices, FoldServices } from '../../../aggregates/fold-services';
import { createFoldTestDatabase } from '../../../fold/test-support/fold-test-database';
import { CommandReadModels } from '../command-read-models';
import { AnswerRecordings } from '../../../orders/answer-recordings';

export interface CommandReadModelsDatabase {
  readonly database: TestDatabase;
  /** Writes orders as the command path does (no contract multipliers). */
  readonly fold: FoldServices;
  readonly readModels: CommandReadModels;
}

/**
 * For a describe block: a database of its own, the fold's services and the command
 * path's reads over it, ready before the block's tests and dropped after them.
 */
export function useCommandReadModelsDatabase(): CommandReadModelsDatabase {
  const ready: { -readonly [Key in keyof CommandReadModelsDatabase]?: CommandReadModelsDatabase[Key] } = {};
  beforeAll(async () => {
    ready.database = await createFoldTestDatabase();
    ready.fold = createFoldServices(ready.database.dataSource, () => undefined);
    ready.readModels = new CommandReadModels(ready.database.dataSource, new AnswerRecordings());
  });
  afterAll(async () => {
    await ready.database?.drop();
  });
  return ready as CommandReadModelsDatabase;
}
