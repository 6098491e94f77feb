import { PositionFill, PositionFillInput, positionFillNeedsRecord, FuturesPositionState } from '@oms/domain';
import { FoldUnitOfWork } from './fold-unit-of-work';

interface RecordPositionFillCommand {
  readonly type: 'RecordPositionFill';
  readonly fill: PositionFillInput;
  readonly now: number;
}

function isRecordPositionFill(command: unknown): command is RecordPositionFillCommand {
  return (command as { type?: unknown }).type === 'RecordPositionFill';
}

/**
 * A position keeps its older fills as totals only, so a report of a fill older than them
 * (the poll's fee after the stream's report, a late trades row) carries the position's
 * recorded report of that fill: the latest decided in this transaction, else the latest
 * PositionFillRecorded in the log (index events_position_fill), else null (a new fill).
 * Every other command passes as it is, and newer fills cost no lookup.
 */
export async function withRecordedPositionFill(
  uow: FoldUnitOfWork,
  streamId: string,
  command: unknown,
): Promise<unknown> {
  if (!isRecordPositionFill(command)) return command;
  const state = (await uow.stateOf(streamId)) as FuturesPositionState;
  if (!positionFillNeedsRecord(state, command.fill)) return command;
  const fillId = command.fill.fillId;
  const decided = uow
    .decidedEvents(streamId)
    .map((event) =>
      event.type === 'PositionFillRecorded' ? (event.data as { fill: PositionFill }).fill : null,
    )
    .filter((fill): fill is PositionFill => fill !== null && fill.fillId === fillId)
    .at(-1);
  if (decided !== undefined) return { ...command, recorded: decided };
  const rows = (await uow.executor.query(
    `SELECT payload -> 'fill' AS fill FROM events
      WHERE stream_id = $1 AND event_type = 'PositionFillRecorded' AND payload #>> '{fill,fillId}' = $2
      ORDER BY stream_version DESC LIMIT 1`,
    [streamId, fillId],
  )) as Array<{ fill: PositionFill }>;
  return { ...command, recorded: rows[0]?.fill ?? null };
}
