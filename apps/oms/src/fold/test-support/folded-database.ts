import { ObservationEvent } from '@oms/observations';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices, FoldServices } from '../../aggregates/fold-services';
import { ContractMultipliers } from '../contract-multipliers';
import { decodedEnvelope } from './fold-fixtures';
import { createFoldTestDatabase } from './fold-test-database';
import { MULTIPLIERS } from './observation-builders';

/** A spec's own database and fold services, set up before its tests and dropped after. */
export interface FoldedDatabase {
  readonly database: TestDatabase;
  readonly fold: FoldServices;
  /** Folds the observations in one fold transaction, each observed at `observedAt` + its index. */
  foldInOneTransaction(observations: readonly ObservationEvent[], observedAt: number): Promise<void>;
}

export function useFoldedDatabase(options: { checkpointEvery?: number } = {}): FoldedDatabase {
  let database: TestDatabase | undefined;
  let fold: FoldServices | undefined;
  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(
      database.dataSource,
      new ContractMultipliers(MULTIPLIERS).lookup,
      undefined,
      undefined,
      options.checkpointEvery,
    );
  });
  afterAll(async () => {
    await database?.drop();
  });
  const required = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the folded database is set up in beforeAll');
    return value;
  };
  return {
    get database() {
      return required(database);
    },
    get fold() {
      return required(fold);
    },
    foldInOneTransaction: async (observations, observedAt) => {
      await required(fold).transactions.run(async (context) => {
        for (const [index, observation] of observations.entries()) {
          await required(fold).observations.fold(context, decodedEnvelope(observation, observedAt + index));
        }
      });
    },
  };
}
