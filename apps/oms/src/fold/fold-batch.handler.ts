import { EventBatch } from '@oms/kafka';
import { createLogger } from '@oms/platform';
import { FoldServices } from '../aggregates/fold-services';
import { CommittedStream } from '../aggregates/fold-unit-of-work';
import { AnswerRecordings } from '../orders/answer-recordings';
import { omsOrderId } from '../projections/order-row';
import { FoldMetrics } from './fold-metrics';
import { PartitionOffsets } from './partition-offsets';

const log = createLogger('FoldBatchHandler');

/**
 * A catching-up fold's transaction: an aggregate's state and read rows are written once
 * per transaction, so larger ones rewrite the hot aggregates less often (the bench's
 * 33,002 observations: 29,117 state writes in transactions of 2,000, 13,507 in 8,000).
 * A live fold's batches are far smaller; a transaction of 8,000 takes a few seconds, well
 * within the consumer's session timeout.
 */
export const DEFAULT_MAX_PER_TRANSACTION = 8_000;

/**
 * Parts of at most this many observations (a live fold's usual batch) run as short
 * transactions (pipelined: fewer round trips, so the log head is held for less time);
 * larger ones append by COPY.
 */
export const SHORT_TRANSACTION_MAX_OBSERVATIONS = 32;

/**
 * Folds a partition batch in Postgres transactions of at most `maxPerTransaction`
 * observations (one for a usual batch): every observation is routed
 * and decided, then events, states, links, parked fills, read models, outbox and the
 * consumed offset (compare-and-set) commit together. A throw leaves everything as it
 * was; the subscriber then re-fetches from the stored offset.
 */
export class FoldBatchHandler {
  constructor(
    private readonly fold: FoldServices,
    private readonly offsets: PartitionOffsets,
    /**
     * Largest number of observations per transaction: bounds a transaction's time and
     * locks. Large enough that a catching-up fold writes an aggregate's state and read
     * rows once for many of its observations, not once per few.
     */
    private readonly maxPerTransaction = DEFAULT_MAX_PER_TRANSACTION,
    /** Told of each committed part (latency measurements). */
    private readonly onCommitted?: (batch: EventBatch) => void,
    private readonly metrics: FoldMetrics = FoldMetrics.for(),
    /** This process's venue answers still being committed (the desk's answer-first path). */
    private readonly answers?: Pick<AnswerRecordings, 'size' | 'settledFor'>,
  ) {}

  readonly handle = async (batch: EventBatch): Promise<void> => {
    // A batch of dead letters only still moves the stored offset past them.
    if (batch.events.length === 0) return this.foldPart(batch);
    let firstOffset = batch.firstOffset;
    for (let start = 0; start < batch.events.length; start += this.maxPerTransaction) {
      const events = batch.events.slice(start, start + this.maxPerTransaction);
      const last = start + this.maxPerTransaction >= batch.events.length;
      // The last part also covers the dead letters after it (the batch's next offset).
      const nextOffset = last ? batch.nextOffset : (BigInt(events[events.length - 1].offset) + 1n).toString();
      await this.foldPart({ ...batch, events, firstOffset, nextOffset });
      // Later parts start where the one before ended; only the first can follow a deletion.
      firstOffset = nextOffset;
    }
  };

  private async foldPart(batch: EventBatch): Promise<void> {
    const started = process.hrtime.bigint();
    await this.answersCommitted(batch);
    let attempts = 0;
    const transactions =
      batch.events.length <= SHORT_TRANSACTION_MAX_OBSERVATIONS
        ? this.fold.shortTransactions
        : this.fold.transactions;
    const outcome = await transactions
      .run(
        async (context) => {
          // Per attempt: a retry (another writer came first) decides every observation
          // again on fresh state, so none may count as seen from the attempt rolled back.
          const seen = new Set<string>();
          attempts += 1;
          await this.fold.observations.prefetch(
            context,
            batch.events.map((received) => received.envelope),
          );
          for (const received of batch.events) {
            // One message published twice (producer retry) is one observation.
            if (seen.has(received.envelope.eventId)) continue;
            seen.add(received.envelope.eventId);
            await this.fold.observations.fold(context, received.envelope);
          }
        },
        {
          beforeCommit: (executor) =>
            this.offsets.commit(executor, batch.topic, batch.partition, batch, batch.nextOffset),
          // Observations and their offsets commit together: lost with a crash, they are
          // fetched from Kafka and folded again.
          flushCommit: false,
        },
      )
      .catch((error: unknown) => {
        throw this.offsets.lostOf(error, batch.topic, batch.partition) ?? error;
      });
    this.offsets.committed(batch.topic, batch.partition, batch.nextOffset);
    this.onCommitted?.(batch);
    const appended = outcome.committed.reduce((total, stream) => total + stream.appended.length, 0);
    for (const refusal of outcome.context.refusals) {
      log.warn(
        { ...refusal, topic: batch.topic, partition: batch.partition },
        'observation refused by the domain',
      );
    }
    if (log.isLevelEnabled('debug')) this.trace(batch, outcome.committed);
    this.metrics.observations.inc(batch.events.length);
    this.metrics.eventsAppended.inc(appended);
    this.metrics.refusals.inc(outcome.context.refusals.length);
    this.metrics.retries.inc(attempts - 1);
    this.metrics.batchSeconds.observe(Number(process.hrtime.bigint() - started) / 1e9);
  }

  /**
   * Waits for the answers this process is still committing about the batch's orders
   * (at most RECORDED_ANSWER_WAIT_MS). The venue's stream report of a desk order comes
   * moments after its answer; folded before that answer's commit lands, it would be
   * decided on the state before it, meet the commit's version and be decided again.
   */
  private async answersCommitted(batch: EventBatch): Promise<void> {
    if (this.answers === undefined || this.answers.size === 0) return;
    const streams = this.fold.observations.omsOrderStreamsOf(
      batch.events.map((received) => received.envelope),
    );
    if (streams.size > 0) await this.answers.settledFor([...streams].map(omsOrderId));
  }

  /**
   * At debug level, what a committed part folded: its offsets, and each observation that
   * left no event in the store (a repeat of a fact already kept, a parked fill), so an
   * observation the OMS lacks can be traced to the part that consumed it.
   */
  private trace(batch: EventBatch, committed: readonly CommittedStream[]): void {
    const appendedFor = new Set<string>();
    for (const stream of committed) {
      for (const event of stream.appended) {
        const inputId = (event.metadata as { inputId?: string } | undefined)?.inputId;
        if (inputId !== undefined) appendedFor.add(inputId);
      }
    }
    log.debug(
      {
        topic: batch.topic,
        partition: batch.partition,
        firstOffset: batch.firstOffset,
        nextOffset: batch.nextOffset,
        observations: batch.events.length,
        withoutEvent: batch.events
          .filter((received) => !appendedFor.has(received.envelope.eventId))
          .map((received) => `${received.offset} ${received.envelope.type} ${received.envelope.eventId}`),
      },
      'fold part committed',
    );
  }
}
