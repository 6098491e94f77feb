import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';

/** A database of its own for a fold spec, with every migration applied (desk triggers included). */
export function createFoldTestDatabase(): Promise<TestDatabase> {
  return createTestDatabase();
}
