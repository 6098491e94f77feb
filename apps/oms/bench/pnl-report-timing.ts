import { PnlReportHandler, PnlReportQuery } from '../src/desk/reports/pnl-report.query';
import { PnlReportResponse } from '../src/desk/reports/pnl.response';

/**
 * A P&L report timed twice: first folding the history before its period and keeping a
 * checkpoint there, then again, resumed from that checkpoint. The two must agree.
 */
export async function timeReportAndItsResumption(
  handler: PnlReportHandler,
  query: PnlReportQuery,
): Promise<{ report: PnlReportResponse; ms: number; resumedMs: number }> {
  const started = process.hrtime.bigint();
  const report = await handler.execute(query);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const resumedAt = process.hrtime.bigint();
  const resumed = await handler.execute(query);
  const resumedMs = Number(process.hrtime.bigint() - resumedAt) / 1e6;
  if (JSON.stringify(resumed.totals) !== JSON.stringify(report.totals)) {
    throw new Error(
      `the resumed report differs: ${JSON.stringify(resumed.totals)} against ${JSON.stringify(report.totals)}`,
    );
  }
  return { report, ms, resumedMs };
}
