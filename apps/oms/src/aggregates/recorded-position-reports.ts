import {
  FundingPayment,
  fundingPaymentNeedsRecord,
  FuturesPositionState,
  PositionFill,
  PositionFillInput,
  positionFillNeedsRecord,
} from '@oms/domain';
import { textArray } from '@oms/persistence';
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

/** The reports read from the log before a batch's decisions, per unit of work: key -> report or null. */
const readAhead = new WeakMap<FoldUnitOfWork, Map<string, unknown>>();

/** Where a kind of report is found in the log. */
type LogPlace = Pick<ReportLookup<unknown>, 'eventType' | 'idPath' | 'reportPath'>;

const readAheadKey = (lookup: LogPlace, streamId: string, id: string) =>
  `${lookup.eventType}\u0000${streamId}\u0000${id}`;

/** The latest report of each wanted id in the log, per stream: one index probe per pair. */
function latestReportsSql(lookup: LogPlace, streams: number, ids: number): string {
  return `SELECT '${lookup.eventType}' AS event_type, w.stream_id, w.id, r.report
     FROM unnest($${streams}::text[], $${ids}::text[]) AS w(stream_id, id)
     CROSS JOIN LATERAL (
       SELECT payload -> '${lookup.reportPath}' AS report FROM events
        WHERE stream_id = w.stream_id AND event_type = '${lookup.eventType}' AND payload #>> '${lookup.idPath}' = w.id
        ORDER BY stream_version DESC LIMIT 1) r`;
}

/** A position report a batch may fold: the position stream it would reach and the report's id. */
export interface WantedPositionReport {
  readonly streamId: string;
  readonly id: string;
}

/**
 * Reads, in one statement, the log's latest recorded report of every fill and funding
 * payment a batch may fold into a position, so a report older than the position's
 * window costs no round trip of its own when it is decided. Pairs on streams with no
 * events yet are known to have none and are not asked for.
 */
export async function readRecordedPositionReportsAhead(
  uow: FoldUnitOfWork,
  wanted: {
    readonly fills: readonly WantedPositionReport[];
    readonly payments: readonly WantedPositionReport[];
  },
): Promise<void> {
  const known = readAhead.get(uow) ?? new Map<string, unknown>();
  readAhead.set(uow, known);
  const asked = { fills: [] as WantedPositionReport[], payments: [] as WantedPositionReport[] };
  const kinds: Array<[LogPlace, readonly WantedPositionReport[], WantedPositionReport[]]> = [
    [FILLS, wanted.fills, asked.fills],
    [FUNDING, wanted.payments, asked.payments],
  ];
  for (const [lookup, pairs, into] of kinds) {
    for (const pair of pairs) {
      const key = readAheadKey(lookup, pair.streamId, pair.id);
      if (known.has(key)) continue;
      known.set(key, null);
      if ((await uow.versionOf(pair.streamId)) > 0) into.push(pair);
    }
  }
  if (asked.fills.length === 0 && asked.payments.length === 0) return;
  const rows = (await uow.executor.query(
    `${latestReportsSql(FILLS, 1, 2)}
     UNION ALL
     ${latestReportsSql(FUNDING, 3, 4)}`,
    [
      textArray(asked.fills.map((pair) => pair.streamId)),
      textArray(asked.fills.map((pair) => pair.id)),
      textArray(asked.payments.map((pair) => pair.streamId)),
      textArray(asked.payments.map((pair) => pair.id)),
    ],
  )) as Array<{ event_type: string; stream_id: string; id: string; report: unknown }>;
  for (const row of rows) {
    const lookup = row.event_type === FILLS.eventType ? FILLS : FUNDING;
    known.set(readAheadKey(lookup, row.stream_id, row.id), row.report);
  }
}

/** A stream's reports decided in this transaction: the latest of each id, indexed as decided. */
interface DecidedReports {
  /** How many of the stream's decided events are indexed. */
  indexed: number;
  /** `eventType NUL id` -> the latest report. */
  readonly latest: Map<string, unknown>;
}

const decidedReports = new WeakMap<FoldUnitOfWork, Map<string, DecidedReports>>();

function indexDecided<Report>(
  latest: Map<string, unknown>,
  lookup: ReportLookup<Report>,
  event: DecidedEvent,
): void {
  const report = lookup.reportOf(event);
  if (report !== null) latest.set(`${lookup.eventType}\u0000${lookup.idOf(report)}`, report);
}

/**
 * The latest report of an id decided on the stream in this transaction. A position
 * decides thousands of reports in a large batch, so each decided event is indexed once
 * rather than every lookup scanning them all.
 */
function latestDecided(uow: FoldUnitOfWork, streamId: string, lookup: LogPlace, id: string): unknown {
  const streams = decidedReports.get(uow) ?? new Map<string, DecidedReports>();
  decidedReports.set(uow, streams);
  const reports = streams.get(streamId) ?? { indexed: 0, latest: new Map<string, unknown>() };
  streams.set(streamId, reports);
  const decided = uow.decidedEvents(streamId);
  for (; reports.indexed < decided.length; reports.indexed += 1) {
    const event = decided[reports.indexed];
    if (event.type === FILLS.eventType) indexDecided(reports.latest, FILLS, event);
    else if (event.type === FUNDING.eventType) indexDecided(reports.latest, FUNDING, event);
  }
  return reports.latest.get(`${lookup.eventType}\u0000${id}`);
}

async function recorded<Report>(
  uow: FoldUnitOfWork,
  streamId: string,
  lookup: ReportLookup<Report>,
  id: string,
): Promise<Report | null> {
  const decided = latestDecided(uow, streamId, lookup, id);
  if (decided !== undefined) return decided as Report;
  // Read ahead in this transaction: what the log held then is what it holds now (a
  // concurrent append to the stream fails this transaction's append).
  const ahead = readAhead.get(uow);
  const key = readAheadKey(lookup, streamId, id);
  if (ahead?.has(key)) return ahead.get(key) as Report | null;
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
