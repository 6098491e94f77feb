import {
  FundingPayment,
  fundingPaymentNeedsRecord,
  FuturesPositionState,
  PositionFill,
  PositionFillInput,
  positionFillNeedsRecord,
} from '@oms/domain';
import { DecidedEvent } from './decided-event';
import { FoldUnitOfWork } from './fold-unit-of-work';

interface PositionReportCommand {
  readonly type: 'RecordPositionFill' | 'RecordFundingPayment';
  readonly fill?: PositionFillInput;
  readonly payment?: FundingPayment;
}

/** How one kind of report is found: in a decided event, and in the log (a partial index each). */
interface ReportLookup<Report> {
  readonly eventType: string;
  readonly reportOf: (event: DecidedEvent) => Report | null;
  readonly idOf: (report: Report) => string;
  readonly idPath: string;
  readonly reportPath: string;
}

const FILLS: ReportLookup<PositionFill> = {
  eventType: 'PositionFillRecorded',
  reportOf: (event) => (event.data as { fill: PositionFill }).fill,
  idOf: (fill) => fill.fillId,
  idPath: '{fill,fillId}',
  reportPath: 'fill',
};

const FUNDING: ReportLookup<FundingPayment> = {
  eventType: 'FundingPaymentRecorded',
  reportOf: (event) => (event.data as { payment: FundingPayment }).payment,
  idOf: (payment) => payment.fundingId,
  idPath: '{payment,fundingId}',
  reportPath: 'payment',
};

async function recorded<Report>(
  uow: FoldUnitOfWork,
  streamId: string,
  lookup: ReportLookup<Report>,
  id: string,
): Promise<Report | null> {
  const decided = uow
    .decidedEvents(streamId)
    .filter((event) => event.type === lookup.eventType)
    .map(lookup.reportOf)
    .filter((report): report is Report => report !== null && lookup.idOf(report) === id)
    .at(-1);
  if (decided !== undefined) return decided;
  const rows = (await uow.executor.query(
    `SELECT payload -> '${lookup.reportPath}' AS report FROM events
      WHERE stream_id = $1 AND event_type = '${lookup.eventType}' AND payload #>> '${lookup.idPath}' = $2
      ORDER BY stream_version DESC LIMIT 1`,
    [streamId, id],
  )) as Array<{ report: Report }>;
  return rows[0]?.report ?? null;
}

/**
 * A position keeps its older fills and funding payments as totals only, so a report of
 * one older than them (the poll's fee after the stream's report, a late trades row, a
 * funding history page) carries the position's recorded report of it: the latest
 * decided in this transaction, else the latest in the log (partial indexes
 * events_position_fill and events_position_funding), else null (a new one). Every other
 * command passes as it is, and newer reports cost no lookup.
 */
export async function withRecordedPositionReport(
  uow: FoldUnitOfWork,
  streamId: string,
  command: unknown,
): Promise<unknown> {
  const { type, fill, payment } = command as PositionReportCommand;
  if (type === 'RecordPositionFill' && fill !== undefined) {
    const state = (await uow.stateOf(streamId)) as FuturesPositionState;
    if (!positionFillNeedsRecord(state, fill)) return command;
    const report = await recorded(uow, streamId, FILLS, fill.fillId);
    return { ...(command as object), recorded: report };
  }
  if (type === 'RecordFundingPayment' && payment !== undefined) {
    const state = (await uow.stateOf(streamId)) as FuturesPositionState;
    if (!fundingPaymentNeedsRecord(state, payment)) return command;
    const report = await recorded(uow, streamId, FUNDING, payment.fundingId);
    return { ...(command as object), recorded: report };
  }
  return command;
}
