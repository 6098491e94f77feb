/** An event as a decider returns it and the store keeps it (payload = `data`). */
export interface DecidedEvent {
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
}

/** Where a decision came from: recorded in every event's metadata (the desk audit trail). */
export interface EventOrigin {
  /** The Kafka envelope's eventId, or the id of the desk / resolver command. */
  readonly inputId: string;
  /** The desk token's name; null for venue facts and the OMS's own work (desk-api.md audit trail). */
  readonly actor: string | null;
  /** `ws`, `rest-poll`, `rest-ack` for observations; for commands the port's source, else `oms`. */
  readonly source: string;
  readonly correlationId: string;
  /** When the fact happened (venue time when known), epoch ms. */
  readonly occurredAt: number;
}
