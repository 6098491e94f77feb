import { ErrorCode } from '../protocol/error-codes';
import {
  judgeSequence,
  ProducerPartitionState,
  rememberBatch,
  REMEMBERED_BATCHES_PER_PRODUCER,
} from './producer-sequence';

const batch = (baseSequence: number, count = 1, producerEpoch = 0) => ({
  producerId: 7,
  producerEpoch,
  baseSequence,
  lastOffsetDelta: count - 1,
});

describe('idempotent producer sequence checks', () => {
  let states: Map<number, ProducerPartitionState>;

  beforeEach(() => {
    states = new Map();
    rememberBatch(states, batch(0, 5), 100);
    rememberBatch(states, batch(5, 5), 105);
  });

  it('appends the next batch in sequence', () => {
    expect(judgeSequence(states.get(7), batch(10, 3))).toEqual({ kind: 'append' });
  });

  it('answers a retry of a remembered batch with its original offset', () => {
    expect(judgeSequence(states.get(7), batch(5, 5))).toEqual({ kind: 'duplicate', baseOffset: 105 });
    expect(judgeSequence(states.get(7), batch(0, 5))).toEqual({ kind: 'duplicate', baseOffset: 100 });
  });

  it('rejects a gap as out of order', () => {
    expect(judgeSequence(states.get(7), batch(12))).toEqual({
      kind: 'reject',
      errorCode: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
    });
  });

  it('rejects an old epoch as fenced', () => {
    rememberBatch(states, batch(0, 1, 1), 110);
    expect(judgeSequence(states.get(7), batch(1, 1, 0))).toEqual({
      kind: 'reject',
      errorCode: ErrorCode.INVALID_PRODUCER_EPOCH,
    });
  });

  it('starts a new epoch at sequence 0 only', () => {
    expect(judgeSequence(states.get(7), batch(0, 1, 1))).toEqual({ kind: 'append' });
    expect(judgeSequence(states.get(7), batch(3, 1, 1)).kind).toBe('reject');
  });

  it('rejects a retry older than the remembered window as out of order, as Kafka does', () => {
    for (let index = 2; index < 2 + REMEMBERED_BATCHES_PER_PRODUCER; index += 1)
      rememberBatch(states, batch(index * 5, 5), 100 + index * 5);
    expect(judgeSequence(states.get(7), batch(0, 5))).toEqual({
      kind: 'reject',
      errorCode: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
    });
  });

  it('lets plain producers and producers it does not know append', () => {
    expect(judgeSequence(undefined, { ...batch(9), producerId: 8 })).toEqual({ kind: 'append' });
    expect(judgeSequence(states.get(7), { ...batch(99), producerId: -1 })).toEqual({ kind: 'append' });
  });

  it('wraps the sequence after the largest int32', () => {
    const wrapping = new Map<number, ProducerPartitionState>();
    rememberBatch(wrapping, batch(2147483646, 2), 0);
    expect(judgeSequence(wrapping.get(7), batch(0))).toEqual({ kind: 'append' });
  });
});
