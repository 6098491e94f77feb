import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';

/**
 * Which OMS process resolves an uncertain order. Every process finds every pending
 * order in the shared store; only the one holding the order's claim looks it up, so
 * the venue is asked once per lookup, not once per process, and each resolution is
 * counted once. A claim is a session-level Postgres advisory lock on a connection of
 * its own: it lasts until released or until the process (and with it the session)
 * dies, when another process takes the order over at its next try.
 */
@Injectable()
export class ResolutionClaims implements OnApplicationShutdown {
  private readonly logger = new Logger(ResolutionClaims.name);
  private readonly held = new Set<string>();
  private client: Promise<Client> | null = null;
  /** The session's statements, one after another: a pg Client runs one query at a time. */
  private queue: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly dataSource: DataSource) {}

  /** True when this process holds (or now takes) the claim on `key`. */
  async claim(key: string): Promise<boolean> {
    if (this.held.has(key)) return true;
    const client = await this.connection();
    if (client === null) return false;
    try {
      const rows = await this.serially(() =>
        client.query<{ claimed: boolean }>(
          'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS claimed',
          [claimLockName(key)],
        ),
      );
      if (rows.rows[0]?.claimed !== true) return false;
      this.held.add(key);
      return true;
    } catch (error) {
      this.logger.warn({ err: error }, 'resolution claim failed; trying again later');
      return false;
    }
  }

  /** Gives the claim up once the order needs nothing more from the venue. */
  async release(key: string): Promise<void> {
    if (!this.held.delete(key)) return;
    const client = await this.connection();
    if (client === null) return;
    await this.serially(() =>
      client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [claimLockName(key)]),
    ).catch((error: unknown) => this.logger.warn({ err: error }, 'resolution claim not released'));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const client = await this.client?.catch(() => null);
    this.client = null;
    this.held.clear();
    await client?.end().catch(() => undefined);
  }

  private serially<T>(statement: () => Promise<T>): Promise<T> {
    const result = this.queue.then(statement, statement);
    this.queue = result.catch(() => undefined);
    return result;
  }

  private async connection(): Promise<Client | null> {
    if (this.stopped) return null;
    this.client ??= this.connect();
    try {
      return await this.client;
    } catch (error) {
      this.client = null;
      this.logger.warn({ err: error }, 'resolution claims cannot reach Postgres; trying again later');
      return null;
    }
  }

  private async connect(): Promise<Client> {
    const url = (this.dataSource.options as { url?: string }).url;
    const client = new Client({ connectionString: url, application_name: 'oms-resolution-claims' });
    client.on('error', (error) => {
      // The session is gone, and every lock it held with it: other processes may take them.
      this.logger.warn({ err: error }, 'resolution claims lost their connection; claiming again');
      this.held.clear();
      this.client = null;
      void client.end().catch(() => undefined);
    });
    await client.connect();
    return client;
  }
}

/** Advisory locks share one number space per database: the name keeps these apart. */
function claimLockName(key: string): string {
  return `oms-resolution:${key}`;
}
