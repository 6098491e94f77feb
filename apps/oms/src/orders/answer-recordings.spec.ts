import { OrderRow } from '../projections/order-row';
import { AnswerRecordings, RECORDED_ANSWER_WAIT_MS } from './answer-recordings';

describe('AnswerRecordings', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function held() {
    let commit = () => {};
    const recording = new Promise<void>((resolve) => (commit = resolve));
    return { recording, commit: () => commit() };
  }

  async function isSettled(promise: Promise<void>): Promise<boolean> {
    let done = false;
    void promise.then(() => (done = true));
    await jest.advanceTimersByTimeAsync(0);
    return done;
  }

  it('waits for every answer in flight, and only for the one asked for', async () => {
    const recordings = new AnswerRecordings();
    const first = held();
    const second = held();
    recordings.track('order-1', first.recording);
    recordings.track('order-2', second.recording);
    const all = recordings.settled();
    const onlyFirst = recordings.settled('order-1');

    first.commit();
    expect(await isSettled(onlyFirst)).toBe(true);
    expect(await isSettled(all)).toBe(false);
    second.commit();
    expect(await isSettled(all)).toBe(true);
    expect(recordings.size).toBe(0);
  });

  it('stops waiting for a commit held up beyond the longest wait', async () => {
    const recordings = new AnswerRecordings();
    recordings.track('order-1', held().recording);
    const read = recordings.settled();
    await jest.advanceTimersByTimeAsync(RECORDED_ANSWER_WAIT_MS - 1);
    expect(await isSettled(read)).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await isSettled(read)).toBe(true);
    expect(recordings.size).toBe(1);
  });

  it('answers the row decided before the commit, or what a recording without a decision ends with', async () => {
    const recordings = new AnswerRecordings();
    const commit = held();
    const decided = { id: 'order-1', status: 'NEW' } as unknown as OrderRow;
    const answer = recordings.answerFirst('order-1', async (onDecided) => {
      onDecided({
        omsOrderId: 'order-1',
        streamVersion: 2,
        appendedEventTypes: ['OrderAccepted'],
        order: decided,
      });
      await commit.recording;
      return null;
    });
    await expect(answer).resolves.toBe(decided);
    expect(recordings.size).toBe(1);
    commit.commit();
    await jest.advanceTimersByTimeAsync(0);
    expect(recordings.size).toBe(0);

    const failed = recordings.answerFirst('order-2', () => Promise.reject(new Error('lost')));
    await expect(failed).resolves.toBeNull();
  });
});
