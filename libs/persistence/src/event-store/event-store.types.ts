/** An event to append. `eventId` is deterministic from the fact it records. */
export interface NewEvent {
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly payload: unknown;
  readonly metadata?: Readonly<Record<string, unknown>>;
  readonly correlationId?: string;
  /** When the fact happened (venue time when known, else observation time), ms epoch. */
  readonly occurredAt: number;
}

export interface StoredEvent extends NewEvent {
  /** Global order of the log; a string because Postgres bigint exceeds JS numbers. */
  readonly globalPosition: string;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly recordedAt: number;
}

/**
 * What the appender believes the stream's version is: a number (0 = no events yet),
 * or 'any' when the caller folds observations that are valid at any version.
 */
export type ExpectedVersion = number | 'any';

export interface AppendResult {
  readonly streamId: string;
  /** The stream's version after the append. */
  readonly version: number;
  readonly appended: readonly StoredEvent[];
  /** Event ids already in the store, skipped so that a redelivered fact is stored once. */
  readonly duplicateEventIds: readonly string[];
}

/** Anything that runs SQL: a TypeORM EntityManager or QueryRunner inside a transaction. */
export interface SqlExecutor {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}
