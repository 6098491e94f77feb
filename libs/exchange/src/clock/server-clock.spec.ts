import { ServerClock } from './server-clock';

describe('ServerClock', () => {
  it('takes the offset at the midpoint of the round trip', async () => {
    let local = 10_000;
    const clock = new ServerClock({
      localNow: () => local,
      fetchServerTime: () => {
        local += 100; // 100 ms round trip; the venue read its clock half-way
        return Promise.resolve(60_050);
      },
    });
    await clock.resync();
    expect(clock.offsetMs).toBe(60_050 - 10_050);
    expect(clock.now()).toBe(local + 50_000);
  });

  it('re-measures only when the offset is older than the resync interval', async () => {
    let local = 0;
    const fetchServerTime = jest.fn(() => Promise.resolve(local + 1_000));
    const clock = new ServerClock({ localNow: () => local, fetchServerTime, resyncIntervalMs: 60_000 });
    await clock.ensureFresh();
    await clock.ensureFresh();
    expect(fetchServerTime).toHaveBeenCalledTimes(1);
    local += 60_000;
    await clock.ensureFresh();
    expect(fetchServerTime).toHaveBeenCalledTimes(2);
  });

  it('shares one measurement between concurrent callers', async () => {
    const fetchServerTime = jest.fn(() => Promise.resolve(5_000));
    const clock = new ServerClock({ localNow: () => 0, fetchServerTime });
    await Promise.all([clock.resync(), clock.resync(), clock.ensureFresh()]);
    expect(fetchServerTime).toHaveBeenCalledTimes(1);
  });

  it('keeps the previous offset when the venue time cannot be read, and waits before retrying', async () => {
    let local = 0;
    let fail = false;
    const fetchServerTime = jest.fn(() =>
      fail ? Promise.reject(new Error('down')) : Promise.resolve(local + 2_000),
    );
    const clock = new ServerClock({
      localNow: () => local,
      fetchServerTime,
      resyncIntervalMs: 1_000,
      retryAfterFailureMs: 5_000,
    });
    await clock.resync();
    fail = true;
    local += 1_000;
    await clock.ensureFresh();
    expect(clock.offsetMs).toBe(2_000);
    local += 1_000;
    await clock.ensureFresh();
    expect(fetchServerTime).toHaveBeenCalledTimes(2);
    local += 5_000;
    fail = false;
    await clock.ensureFresh();
    expect(fetchServerTime).toHaveBeenCalledTimes(3);
  });
});
