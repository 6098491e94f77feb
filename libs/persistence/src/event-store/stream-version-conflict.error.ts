/** Another writer appended to the stream since the caller read it. Reload and decide again. */
export class StreamVersionConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`stream ${streamId} is at version ${actualVersion}, expected ${expectedVersion}`);
    this.name = 'StreamVersionConflictError';
  }
}
