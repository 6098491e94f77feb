import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DataSource } from 'typeorm';
import { PnlReportHandler, PnlReportQuery } from '../src/desk/reports/pnl-report.query';
import { PERPETUAL } from '../src/fold/test-support/observation-builders';
import { timeReportAndItsResumption } from './pnl-report-timing';

/** How often the live heap is sampled (after a full collection) in the memory pass. */
const LIVE_HEAP_SAMPLE_MS = 500;

/**
 * A full garbage collection on demand, without starting node with --expose-gc: what
 * the heap holds after it is what the report keeps alive, not garbage not yet collected.
 */
function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** The report of the position's last second before `periodEnd`, at average cost. */
function lastSecondReport(account: string, periodEnd: number): PnlReportQuery {
  return new PnlReportQuery(
    account,
    PERPETUAL,
    new Date(periodEnd - 1_000),
    new Date(periodEnd),
    'average-cost',
    'symbol',
  );
}

/**
 * The desk's P&L report of the last second of a position's history (`periodEnd`), whose
 * cost basis needs every fill before it. Run three times: timed, folding the whole
 * history and keeping a checkpoint at the start of the period's day; timed again,
 * resumed from that checkpoint; and once more without it, with the live heap
 * sampled after a full collection every LIVE_HEAP_SAMPLE_MS, for the most the report
 * kept alive at once (a report holding the fills would keep hundreds of megabytes at a
 * million).
 */
export async function measurePositionPnlReport(
  dataSource: DataSource,
  account: string,
  periodEnd: number,
): Promise<{ ms: number; resumedMs: number; liveHeapGrowthMb: number; realizedPnl: string }> {
  const handler = new PnlReportHandler(dataSource);
  const query = lastSecondReport(account, periodEnd);
  const { report, ms, resumedMs } = await timeReportAndItsResumption(handler, query);
  // The memory pass folds the whole history again, as the first report did.
  await dataSource.query(`DELETE FROM rm_pnl_checkpoints WHERE account = $1`, [account]);

  const collect = fullCollection();
  collect();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sampler = setInterval(() => {
    collect();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, LIVE_HEAP_SAMPLE_MS);
  try {
    await handler.execute(query);
  } finally {
    clearInterval(sampler);
  }
  return {
    ms,
    resumedMs,
    liveHeapGrowthMb: (peak - baseline) / 1024 / 1024,
    realizedPnl: report.totals.realizedPnl,
  };
}

/**
 * The same report of a busy position: the fold writes a new fill into it every
 * `writeEveryMs` while the report folds the whole history. The report still keeps its
 * checkpoint (new fills come after it), so the next report resumes.
 */
export async function measureBusyPositionPnlReport(
  dataSource: DataSource,
  account: string,
  periodEnd: number,
  writeNextFill: (k: number) => Promise<unknown>,
  writeEveryMs: number,
): Promise<{ ms: number; fillsWritten: number; checkpointKept: boolean; nextMs: number }> {
  await dataSource.query(`DELETE FROM rm_pnl_checkpoints WHERE account = $1`, [account]);
  const handler = new PnlReportHandler(dataSource);
  const query = lastSecondReport(account, periodEnd);
  let reporting = true;
  let fillsWritten = 0;
  const writer = (async () => {
    while (reporting) {
      await writeNextFill(1_000 + fillsWritten);
      fillsWritten += 1;
      await new Promise((resolve) => setTimeout(resolve, writeEveryMs));
    }
  })();
  const started = process.hrtime.bigint();
  try {
    await handler.execute(query);
  } finally {
    reporting = false;
    await writer;
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const [{ kept }] = await dataSource.query<Array<{ kept: number }>>(
    `SELECT count(*)::int AS kept FROM rm_pnl_checkpoints WHERE account = $1`,
    [account],
  );
  const nextAt = process.hrtime.bigint();
  await handler.execute(query);
  return {
    ms,
    fillsWritten,
    checkpointKept: kept > 0,
    nextMs: Number(process.hrtime.bigint() - nextAt) / 1e6,
  };
}
