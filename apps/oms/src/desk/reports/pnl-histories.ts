import { QueryRunner } from 'typeorm';
import { SqlFilter } from '../shared/sql-filter';

/** Which histories a P&L report folds: an account's, or one symbol's of it. */
export interface PnlReportScope {
  readonly account: string;
  readonly symbol: string | undefined;
  /** The period's end (epoch ms). */
  readonly to: number;
}

export interface ReportedPosition {
  readonly symbol: string;
  readonly side: 'LONG' | 'SHORT';
}

/**
 * The account's futures positions in the scope (columns symbol, side), as a query and
 * its parameters ($1 the account): reports list them, and watch them before their snapshot.
 */
export function reportedPositionsQuery(scope: PnlReportScope): { sql: string; parameters: unknown[] } {
  const filter = new SqlFilter().equals('account', scope.account).equals('symbol', scope.symbol);
  return {
    sql: `SELECT symbol, side FROM rm_positions ${filter.clause()} ORDER BY symbol, side`,
    parameters: [...filter.params],
  };
}

/** The account's futures positions in the scope, by symbol and side. */
export async function reportedPositions(
  runner: QueryRunner,
  scope: PnlReportScope,
): Promise<ReportedPosition[]> {
  const { sql, parameters } = reportedPositionsQuery(scope);
  return (await runner.query(sql, parameters)) as ReportedPosition[];
}

/**
 * The account's spot symbols with a fill before the period's end (column symbol), one
 * index probe each (a skip over rm_fills_account_page), however many fills they have;
 * as a query and its parameters ($1 the account).
 */
export function reportedSpotSymbolsQuery(scope: PnlReportScope): { sql: string; parameters: unknown[] } {
  const to = new Date(scope.to).toISOString();
  if (scope.symbol !== undefined) {
    return {
      sql: `SELECT symbol FROM rm_fills
             WHERE account = $1 AND symbol = $2 AND market = 'spot' AND time < $3::timestamptz LIMIT 1`,
      parameters: [scope.account, scope.symbol, to],
    };
  }
  return {
    sql: `WITH RECURSIVE symbols AS (
            (SELECT symbol FROM rm_fills WHERE account = $1 AND market = 'spot' AND time < $2::timestamptz
              ORDER BY symbol LIMIT 1)
            UNION ALL
            SELECT (SELECT f.symbol FROM rm_fills f
                     WHERE f.account = $1 AND f.market = 'spot' AND f.time < $2::timestamptz AND f.symbol > s.symbol
                     ORDER BY f.symbol LIMIT 1)
              FROM symbols s WHERE s.symbol IS NOT NULL)
          SELECT symbol FROM symbols WHERE symbol IS NOT NULL`,
    parameters: [scope.account, to],
  };
}

/** The account's spot symbols in the scope with a fill before the period's end. */
export async function reportedSpotSymbols(runner: QueryRunner, scope: PnlReportScope): Promise<string[]> {
  const { sql, parameters } = reportedSpotSymbolsQuery(scope);
  const rows = (await runner.query(sql, parameters)) as Array<{ symbol: string }>;
  return rows.map((row) => row.symbol);
}
