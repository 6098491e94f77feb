import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { settledWithin } from '@oms/platform';
import { OrderRow } from '../projections/order-row';
import { CommandDecidedListener, OrderCommandResult } from './order-command.port';

/**
 * The longest a request waits for the commits in flight: a commit held up (a lock, a
 * database that stopped answering) delays this process's reads by this much, not
 * until it ends; they then show what is committed.
 */
export const RECORDED_ANSWER_WAIT_MS = 2_000;

/** The longest a shutdown waits for them before the database closes. */
const SHUTDOWN_WAIT_MS = 10_000;

/**
 * The venue answers this process has answered the desk with but is still committing.
 * A desk order is answered as soon as the venue's answer is decided on it; the commit
 * follows off the answer's path. Reads of this process wait for those commits first
 * (`settled`), so what a desk reads after its answer shows at least that answer; the
 * application waits for them before it closes the database.
 */
@Injectable()
export class AnswerRecordings implements BeforeApplicationShutdown {
  private readonly inFlight = new Map<string, Promise<void>>();

  /**
   * Runs `record` (the recording of a venue answer about the order `omsOrderId`, which
   * never rejects) and answers the rm_orders row it tells `onDecided`, as soon as it is
   * decided, else the row `record` ends with; the commit is tracked until it lands.
   */
  answerFirst(
    omsOrderId: string,
    record: (onDecided: CommandDecidedListener) => Promise<OrderRow | null>,
  ): Promise<OrderRow | null> {
    // Resolved by the listener itself: the answer goes on at the next turn of the
    // microtask queue, before the rest of the transaction's work (each promise between
    // the two let a step of that work run first: half a millisecond on a busy stack).
    return new Promise((resolve) => {
      const recording = record((decided) => resolve(decided.order));
      this.track(omsOrderId, recording);
      recording.then(resolve, () => resolve(null));
    });
  }

  /**
   * `answerFirst` for the answers of several orders recorded together (one venue batch):
   * `record` tells each order's decision by its index in `omsOrderIds`, and each order is
   * answered once it is decided (or with the row `record` ends with for it).
   */
  answerEachFirst(
    omsOrderIds: readonly string[],
    record: (
      onDecided: (index: number, decided: OrderCommandResult) => void,
    ) => Promise<Array<OrderRow | null>>,
  ): Promise<Array<OrderRow | null>> {
    const answers = omsOrderIds.map(() => {
      let answer: (row: OrderRow | null) => void = () => {};
      const row = new Promise<OrderRow | null>((resolve) => (answer = resolve));
      return { row, answer };
    });
    const recording = record((index, decided) => answers[index]?.answer(decided.order));
    for (const omsOrderId of omsOrderIds) this.track(omsOrderId, recording);
    recording.then(
      (rows) => answers.forEach(({ answer }, index) => answer(rows[index] ?? null)),
      () => answers.forEach(({ answer }) => answer(null)),
    );
    return Promise.all(answers.map(({ row }) => row));
  }

  /** Keeps `recording` (of the order `omsOrderId`) until it settles. */
  track(omsOrderId: string, recording: Promise<unknown>): void {
    const settled = recording.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.set(omsOrderId, settled);
    void settled.then(() => {
      if (this.inFlight.get(omsOrderId) === settled) this.inFlight.delete(omsOrderId);
    });
  }

  /**
   * Once every answer being committed now (or only that of `omsOrderId`) is committed,
   * or `maxWaitMs` has passed.
   */
  async settled(omsOrderId?: string, maxWaitMs = RECORDED_ANSWER_WAIT_MS): Promise<void> {
    await this.settledFor(omsOrderId === undefined ? this.inFlight.keys() : [omsOrderId], maxWaitMs);
  }

  /** Once the answers being committed now about any of `omsOrderIds` are committed, or `maxWaitMs` has passed. */
  async settledFor(omsOrderIds: Iterable<string>, maxWaitMs = RECORDED_ANSWER_WAIT_MS): Promise<void> {
    const inFlight: Array<Promise<void>> = [];
    for (const omsOrderId of omsOrderIds) {
      const recording = this.inFlight.get(omsOrderId);
      if (recording !== undefined) inFlight.push(recording);
    }
    if (inFlight.length === 0) return;
    await settledWithin(Promise.all(inFlight), maxWaitMs);
  }

  /** How many answers are being committed now. */
  get size(): number {
    return this.inFlight.size;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.settled(undefined, SHUTDOWN_WAIT_MS);
  }
}
