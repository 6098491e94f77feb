import { settledWithin } from './settled-within';

describe('settledWithin', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is true once the work settles in time, fulfilled or rejected, and clears its timer', async () => {
    await expect(settledWithin(Promise.resolve('done'), 1_000)).resolves.toBe(true);
    await expect(settledWithin(Promise.reject(new Error('failed')), 1_000)).resolves.toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('is false once the time is up while the work is still pending', async () => {
    const waited = settledWithin(new Promise(() => {}), 1_000);
    await jest.advanceTimersByTimeAsync(999);
    let result: boolean | undefined;
    void waited.then((value) => (result = value));
    await jest.advanceTimersByTimeAsync(0);
    expect(result).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(result).toBe(false);
  });
});
