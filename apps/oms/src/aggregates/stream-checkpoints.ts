import { issueWrite, SnapshotStore, SnapshotToSave, SqlExecutor } from '@oms/persistence';
import { CommittedStream } from './fold-unit-of-work';

/**
 * A stream's state is kept as a checkpoint each time its version passes a multiple of
 * this: re-folding it from the store (as-of reads, the continuous check) starts at the
 * checkpoint before the time asked, so it costs at most this many events however long
 * the stream (a position or a balance lives as long as its account).
 */
export const CHECKPOINT_EVERY = 5_000;

/**
 * The shape of the kept states in the checkpoints. Raise it with any migration that
 * rewrites the shape of `oms_aggregate_states`: checkpoints of the older shape are then
 * ignored, and re-folds start from the first event again until new ones are taken.
 */
export const CHECKPOINT_STATE_VERSION = 1;

/** Every checkpoint is kept: an as-of read of any past time starts at the one before it. */
const KEEP_EVERY_CHECKPOINT = 2_000_000_000;

/**
 * Writes the checkpoints a transaction's streams are due (`aggregate_snapshots`, libs/persistence
 * SnapshotStore), in that transaction: the state after its events, taken at its time,
 * which is the recorded time of those events.
 */
export class StreamCheckpoints {
  constructor(
    private readonly snapshots: SnapshotStore,
    private readonly every = CHECKPOINT_EVERY,
  ) {}

  due(streams: readonly CommittedStream[]): SnapshotToSave[] {
    return streams
      .filter(
        (stream) =>
          stream.appended.length > 0 &&
          Math.floor(stream.version / this.every) > Math.floor(stream.expectedVersion / this.every),
      )
      .map((stream) => ({ streamId: stream.streamId, version: stream.version, state: stream.state }));
  }

  /**
   * After the append (a new stream's row in `event_streams` must exist): on a pipelined
   * connection the write leaves with COMMIT, checked before the transaction counts.
   */
  async write(executor: SqlExecutor, streams: readonly CommittedStream[]): Promise<void> {
    const due = this.due(streams);
    if (due.length === 0) return;
    await issueWrite(
      executor,
      this.snapshots.saveMany(executor, due, {
        stateVersion: CHECKPOINT_STATE_VERSION,
        keep: KEEP_EVERY_CHECKPOINT,
      }),
    );
  }
}
