/**
 * How the next matching requests (order create and cancel endpoints) misbehave:
 * - FAIL_BEFORE: answer 5XX without executing;
 * - FAIL_AFTER: execute, then answer 5XX (the uncertain case of the seeds);
 * - HANG_AFTER: execute, then never answer (the client times out).
 */
export type HttpFaultMode = 'FAIL_BEFORE' | 'FAIL_AFTER' | 'HANG_AFTER';

export interface HttpFault {
  readonly mode: HttpFaultMode;
  remaining: number;
  readonly status: number;
  /** HANG_AFTER only: the connection is destroyed after this long; held until shutdown when absent. */
  readonly releaseAfterMs?: number;
}

/** How the next private-stream messages are delivered. */
export type StreamFaultMode = 'DROP' | 'DELAY' | 'DUPLICATE' | 'REORDER';

export interface StreamFault {
  readonly mode: StreamFaultMode;
  remaining: number;
  /** DELAY only. */
  readonly delayMs: number;
}

export interface FaultState {
  readonly http: readonly HttpFault[];
  readonly stream: readonly StreamFault[];
  readonly clockSkewMs: number;
  readonly matchingPaused: boolean;
}

/**
 * The armed faults. Each armed fault is consumed by the requests or messages it
 * affects, in the order the faults were armed, so a test can script a sequence.
 */
export class FaultInjector {
  private readonly httpFaults: HttpFault[] = [];
  private readonly streamFaults: StreamFault[] = [];

  armHttp(fault: Omit<HttpFault, 'remaining'> & { count: number }): void {
    this.httpFaults.push({
      mode: fault.mode,
      remaining: fault.count,
      status: fault.status,
      releaseAfterMs: fault.releaseAfterMs,
    });
  }

  armStream(fault: { mode: StreamFaultMode; count: number; delayMs?: number }): void {
    this.streamFaults.push({ mode: fault.mode, remaining: fault.count, delayMs: fault.delayMs ?? 0 });
  }

  /** The fault that applies to this matching request, consuming one use of it. */
  takeHttpFault(): HttpFault | undefined {
    return take(this.httpFaults);
  }

  /** The fault that applies to the next stream message, consuming one use of it. */
  takeStreamFault(): StreamFault | undefined {
    return take(this.streamFaults);
  }

  clear(): void {
    this.httpFaults.length = 0;
    this.streamFaults.length = 0;
  }

  state(extra: { clockSkewMs: number; matchingPaused: boolean }): FaultState {
    return {
      http: this.httpFaults.map((fault) => ({ ...fault })),
      stream: this.streamFaults.map((fault) => ({ ...fault })),
      ...extra,
    };
  }
}

function take<T extends { remaining: number }>(queue: T[]): T | undefined {
  const head = queue[0];
  if (head === undefined) return undefined;
  head.remaining -= 1;
  if (head.remaining <= 0) queue.shift();
  return head;
}
