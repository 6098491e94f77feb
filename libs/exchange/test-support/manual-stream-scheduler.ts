import { CancelTimer, StreamScheduler } from '../src/stream/stream-scheduler';

interface PendingTimer {
  readonly id: number;
  readonly dueAt: number;
  readonly callback: () => void;
}

/** A scheduler whose clock moves only when a spec advances it. */
export class ManualStreamScheduler implements StreamScheduler {
  private current = 0;
  private nextId = 1;
  private pending: PendingTimer[] = [];

  constructor(start = 1_700_000_000_000) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  schedule(delayMs: number, callback: () => void): CancelTimer {
    const timer = { id: this.nextId++, dueAt: this.current + delayMs, callback };
    this.pending.push(timer);
    return () => {
      this.pending = this.pending.filter((candidate) => candidate.id !== timer.id);
    };
  }

  /** Moves time forward, running every timer that falls due, in order. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const due = this.pending
        .filter((timer) => timer.dueAt <= target)
        .sort((a, b) => a.dueAt - b.dueAt || a.id - b.id)[0];
      if (!due) break;
      this.pending = this.pending.filter((timer) => timer.id !== due.id);
      this.current = due.dueAt;
      due.callback();
    }
    this.current = target;
  }

  /** Delays of the timers waiting now, relative to the current time. */
  pendingDelays(): number[] {
    return this.pending.map((timer) => timer.dueAt - this.current).sort((a, b) => a - b);
  }
}
