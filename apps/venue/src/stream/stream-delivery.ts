import { FaultInjector } from '../faults/fault-injector';

/** How long a message held back for a reorder fault waits for a successor. */
const REORDER_HOLD_MS = 2000;

/**
 * Delivers the private-stream messages of one connection, applying the armed stream
 * faults (drop, delay, duplicate, reorder) per delivered message.
 */
export class StreamDelivery {
  private held: string | undefined;
  private heldTimer: NodeJS.Timeout | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly faults: FaultInjector,
    private readonly send: (payload: string) => void,
  ) {}

  deliver(payload: string): void {
    if (this.closed) return;
    const fault = this.faults.takeStreamFault();
    if (fault === undefined) {
      this.sendNow(payload);
      return;
    }
    switch (fault.mode) {
      case 'DROP':
        return;
      case 'DUPLICATE':
        this.sendNow(payload);
        this.sendNow(payload);
        return;
      case 'DELAY': {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.sendNow(payload);
        }, fault.delayMs);
        this.timers.add(timer);
        return;
      }
      case 'REORDER':
        this.flushHeld();
        this.held = payload;
        this.heldTimer = setTimeout(() => this.flushHeld(), REORDER_HOLD_MS);
        return;
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.heldTimer !== undefined) clearTimeout(this.heldTimer);
    this.held = undefined;
  }

  /** Sends a message, then the one held back for reordering so the pair arrives swapped. */
  private sendNow(payload: string): void {
    if (this.closed) return;
    this.send(payload);
    this.flushHeld();
  }

  private flushHeld(): void {
    if (this.heldTimer !== undefined) clearTimeout(this.heldTimer);
    this.heldTimer = undefined;
    const held = this.held;
    this.held = undefined;
    if (held !== undefined && !this.closed) this.send(held);
  }
}
