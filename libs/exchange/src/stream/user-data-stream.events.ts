import { UserStreamEvent } from '../wire/user-stream.wire';

/** What `UserDataStream` reports to its listeners. */
export interface StreamConnected {
  readonly listenKey: string;
  readonly at: number;
  /** Reconnections since the previous connection (0 for the first). */
  readonly reconnects: number;
}

export interface StreamDisconnected {
  readonly at: number;
  readonly reason: string;
  readonly code?: number;
  readonly willReconnect: boolean;
}

export interface UnknownStreamMessage {
  readonly raw: unknown;
  readonly reason: string;
  /** The item exactly as the venue wrote it, when the frame was JSON (else `raw` is the text). */
  readonly text?: string;
}

/** A decoded event together with the venue's exact text of it. */
export interface ReceivedStreamEvent {
  readonly event: UserStreamEvent;
  /**
   * The item exactly as received: the whole frame when it is a single object, the
   * item's own text when the frame is an array (number formatting and fields outside
   * the wire schema kept, for audit).
   */
  readonly raw: string;
}

export interface UserDataStreamEvents {
  /** Connected: callers repair gaps (poll REST) since the last disconnection. */
  connected: StreamConnected;
  disconnected: StreamDisconnected;
  event: UserStreamEvent;
  /** The same events as `event`, each with its exact venue text; listen to one or the other. */
  received: ReceivedStreamEvent;
  /** A frame or item that could not be understood; it is reported, never dropped silently. */
  unknown: UnknownStreamMessage;
  error: Error;
}
