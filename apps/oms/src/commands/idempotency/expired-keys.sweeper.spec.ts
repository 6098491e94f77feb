import { ExpiredIdempotencyKeysSweeper } from './expired-keys.sweeper';
import { IdempotencyStore } from './idempotency.store';

describe('ExpiredIdempotencyKeysSweeper', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sweeps a minute after start, then every hour, and not after shutdown', async () => {
    const deleteExpired = jest.fn(() => Promise.resolve(0));
    const sweeper = new ExpiredIdempotencyKeysSweeper({ deleteExpired } as unknown as IdempotencyStore);
    sweeper.onApplicationBootstrap();

    await jest.advanceTimersByTimeAsync(59_000);
    expect(deleteExpired).toHaveBeenCalledTimes(0);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(deleteExpired).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(deleteExpired).toHaveBeenCalledTimes(2);

    await sweeper.beforeApplicationShutdown();
    await jest.advanceTimersByTimeAsync(2 * 60 * 60 * 1000);
    expect(deleteExpired).toHaveBeenCalledTimes(2);
  });
});
