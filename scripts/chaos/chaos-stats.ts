/** What a fault-suite run did, for its summary. */
export type FaultKind =
  | 'http 5XX before execution'
  | 'http 5XX after execution'
  | 'http hang after execution'
  | 'stream drop'
  | 'stream duplicate'
  | 'stream reorder'
  | 'stream close'
  | 'forced 429'
  | 'broker restart'
  | 'OMS SIGKILL + restart'
  | 'OMS SIGKILL during a desk order + restart'
  | 'ingest SIGKILL + restart';

export class ChaosStats {
  deskPlaced = 0;
  deskRefused = 0;
  /** Placements that got no answer (the OMS was down or the request timed out). */
  deskUnanswered = 0;
  /** Of those, the ones a repeat with the same Idempotency-Key got an answer for. */
  deskRepeatsAnswered = 0;
  deskCancels = 0;
  /** Cancels that got no answer (the OMS was down or the request timed out). */
  deskCancelsUnanswered = 0;
  /** Of those, the ones a repeat got an answer for. */
  deskCancelRepeatsAnswered = 0;
  externalPlaced = 0;
  externalFailed = 0;
  readonly faults = new Map<FaultKind, number>();
  readonly refusals = new Map<string, number>();
  readonly externalFailures = new Map<string, number>();
  /** Desk orders first answered UNCERTAIN or PENDING_SUBMIT, with the time they took to become certain. */
  readonly uncertain = new Map<string, number | null>();

  countFault(kind: FaultKind): void {
    this.faults.set(kind, (this.faults.get(kind) ?? 0) + 1);
  }

  countRefusal(code: string): void {
    this.deskRefused += 1;
    this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
  }
}
