import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { PnlReportQuery } from './pnl-report.query';
import { PnlReportRequest } from './pnl.request';

const MAX_PERIOD_MS = 366 * 86_400_000;

/** The report query of a request: a period of at most a year, `from` before `to`. */
export function pnlQueryOf(request: PnlReportRequest): PnlReportQuery {
  const from = new Date(request.from);
  const to = new Date(request.to);
  if (!(from.getTime() < to.getTime()))
    throw new DeskError(DeskErrorCode.VALIDATION_FAILED, 'to must be after from', { field: 'to' });
  if (to.getTime() - from.getTime() > MAX_PERIOD_MS)
    throw new DeskError(DeskErrorCode.VALIDATION_FAILED, 'the period may be at most 366 days', {
      field: 'to',
    });
  return new PnlReportQuery(
    request.account,
    request.symbol,
    from,
    to,
    request.method ?? 'average-cost',
    request.groupBy ?? 'day',
  );
}
