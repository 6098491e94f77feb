/** Cancels a scheduled callback. */
export type CancelTimer = () => void;

/** Time and timers of the stream client, injectable so specs drive them by hand. */
export interface StreamScheduler {
  now(): number;
  schedule(delayMs: number, callback: () => void): CancelTimer;
}

export const realStreamScheduler: StreamScheduler = {
  now: () => Date.now(),
  schedule(delayMs, callback) {
    const timer = setTimeout(callback, delayMs);
    return () => clearTimeout(timer);
  },
};
