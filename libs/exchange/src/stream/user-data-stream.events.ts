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
}

export interface UserDataStreamEvents {
  /** Connected: callers repair gaps (poll REST) since the last disconnection. */
  connected: StreamConnected;
  disconnected: StreamDisconnected;
  event: UserStreamEvent;
  /** A frame or item that could not be understood; it is reported, never dropped silently. */
  unknown: UnknownStreamMessage;
  error: Error;
}
