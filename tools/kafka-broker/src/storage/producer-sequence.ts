import { ErrorCode } from '../protocol/error-codes';

/** How many recent batches per producer are remembered to recognise retries (as Kafka does). */
export const REMEMBERED_BATCHES_PER_PRODUCER = 5;

const MAX_SEQUENCE = 2147483647;

export interface RememberedBatch {
  readonly firstSequence: number;
  readonly lastSequence: number;
  readonly baseOffset: number;
}

export interface ProducerPartitionState {
  epoch: number;
  /** Oldest first. */
  batches: RememberedBatch[];
}

export interface ProducedBatchIdentity {
  readonly producerId: number;
  readonly producerEpoch: number;
  readonly baseSequence: number;
  readonly lastOffsetDelta: number;
}

export type SequenceVerdict =
  | { readonly kind: 'append' }
  | { readonly kind: 'duplicate'; readonly baseOffset: number }
  | { readonly kind: 'reject'; readonly errorCode: ErrorCode };

export function lastSequenceOf(batch: ProducedBatchIdentity): number {
  const last = batch.baseSequence + batch.lastOffsetDelta;
  return last > MAX_SEQUENCE ? last - MAX_SEQUENCE - 1 : last;
}

function nextSequence(sequence: number): number {
  return sequence === MAX_SEQUENCE ? 0 : sequence + 1;
}

/**
 * Decides what to do with a batch from an idempotent producer, given what this
 * partition remembers about that producer. A retry of a remembered batch is answered
 * with its original offset instead of being stored twice.
 */
export function judgeSequence(
  state: ProducerPartitionState | undefined,
  batch: ProducedBatchIdentity,
): SequenceVerdict {
  if (batch.producerId < 0) return { kind: 'append' };
  // Unknown producer: its state may have been removed with old segments, so accept it.
  if (!state) return { kind: 'append' };
  if (batch.producerEpoch < state.epoch)
    return { kind: 'reject', errorCode: ErrorCode.INVALID_PRODUCER_EPOCH };
  if (batch.producerEpoch > state.epoch) {
    return batch.baseSequence === 0
      ? { kind: 'append' }
      : { kind: 'reject', errorCode: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER };
  }
  const lastSequence = lastSequenceOf(batch);
  const remembered = state.batches.find(
    (candidate) => candidate.firstSequence === batch.baseSequence && candidate.lastSequence === lastSequence,
  );
  if (remembered) return { kind: 'duplicate', baseOffset: remembered.baseOffset };
  const newest = state.batches[state.batches.length - 1];
  if (!newest || batch.baseSequence === nextSequence(newest.lastSequence)) return { kind: 'append' };
  // Anything else, a gap or a retry older than the remembered batches, is out of order:
  // current Kafka brokers answer OUT_OF_ORDER_SEQUENCE_NUMBER for both and no longer use
  // DUPLICATE_SEQUENCE_NUMBER; kafkajs treats the two alike (not retriable).
  return { kind: 'reject', errorCode: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER };
}

/** Records an appended batch of an idempotent producer. */
export function rememberBatch(
  states: Map<number, ProducerPartitionState>,
  batch: ProducedBatchIdentity,
  baseOffset: number,
): void {
  if (batch.producerId < 0) return;
  let state = states.get(batch.producerId);
  if (!state || state.epoch !== batch.producerEpoch) {
    state = { epoch: batch.producerEpoch, batches: [] };
    states.set(batch.producerId, state);
  }
  state.batches.push({ firstSequence: batch.baseSequence, lastSequence: lastSequenceOf(batch), baseOffset });
  if (state.batches.length > REMEMBERED_BATCHES_PER_PRODUCER) state.batches.shift();
}
