import { Socket } from 'node:net';
import { Pool, PoolClient } from 'pg';

/** Counts the socket writes of a pool's connections opened from now on. */
export interface SocketWriteCounter {
  /** Writes since the last `reset`. */
  readonly count: number;
  reset(): void;
}

/**
 * Counts every write a pool's connections make to their sockets: on a pipelined
 * connection, statements and COMMIT that leave together are one write, and each write
 * that wakes Postgres costs a scheduling delay on a busy host.
 */
export function countSocketWrites(pool: Pool): SocketWriteCounter {
  let count = 0;
  pool.on('connect', (client: PoolClient) => {
    const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    for (const method of ['_write', '_writev'] as const) {
      const write = socket[method] as (...args: unknown[]) => unknown;
      socket[method] = function countedWrite(this: Socket, ...args: unknown[]) {
        count += 1;
        return write.apply(this, args);
      } as never;
    }
  });
  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
  };
}
