import { DataSource } from 'typeorm';

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Actual Rows': number;
  readonly 'Actual Loops': number;
  readonly 'Rows Removed by Filter'?: number;
  readonly Plans?: readonly PlanNode[];
}

function rowsReadFrom(node: PlanNode, relation: string): number {
  // Scans only: a Delete or Update node names its table too, for the rows it changed. A
  // scan read the rows it passed on and those its filter dropped (counted over all loops).
  const scanned = node['Relation Name'] === relation && node['Node Type'].endsWith('Scan');
  const own = scanned
    ? node['Actual Rows'] * node['Actual Loops'] + (node['Rows Removed by Filter'] ?? 0)
    : 0;
  return (node.Plans ?? []).reduce((total, child) => total + rowsReadFrom(child, relation), own);
}

/**
 * How many rows the scans of `relation` in a statement's plan read when run (EXPLAIN ANALYZE, in a
 * transaction rolled back afterwards, so a write or a lock leaves nothing behind): a
 * statement whose cost must not grow with a table reads about what it returns.
 */
export async function relationRowsRead(
  dataSource: DataSource,
  sql: string,
  parameters: unknown[],
  relation: string,
): Promise<number> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    try {
      const [{ 'QUERY PLAN': plans }] = (await runner.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
        parameters,
      )) as Array<{
        'QUERY PLAN': Array<{ Plan: PlanNode }>;
      }>;
      return rowsReadFrom(plans[0].Plan, relation);
    } finally {
      await runner.rollbackTransaction();
    }
  } finally {
    await runner.release();
  }
}
