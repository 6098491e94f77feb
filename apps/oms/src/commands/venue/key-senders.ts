import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';

/** One process's use of a venue key, as KeySenders steers it. */
export interface KeySenderShare {
  /** The OMS processes sending with the key now, this one included. */
  processes(count: number): void;
  /** Send nothing with the key for `ms` (Infinity: until told otherwise; 0: lift the hold). */
  hold(ms: number): void;
}

export interface KeySendersOptions {
  readonly connectionString: string;
  /** How often the senders of each key are counted. */
  readonly pollMs?: number;
}

/**
 * How long a spend of the key's budget stays counted at the venue after a process took
 * it: the limiter's transit allowance (500 ms), window (1 s) and margin (100 ms),
 * rounded up.
 */
const SPEND_HELD_MS = 2_000;

/** Advisory locks share one number space per database: this first key keeps these apart. */
const KEY_SENDERS_LOCK_SPACE = 0x4f4d5301;

interface KeyState {
  readonly lockId: number;
  readonly shares: KeySenderShare[];
  /** The count the shares were last given. */
  applied: number | null;
  /** A smaller count seen, and since when: the share grows once the leaver's spends have aged. */
  fewerSince: { readonly count: number; readonly at: number } | null;
}

/**
 * Counts the OMS processes sending with each venue key, so that each keeps
 * `floor(OMS part / processes)` of the key's budget without an operator keeping a count.
 * Every process holds a shared session-level advisory lock per key on a connection of
 * its own, and counts the holders in `pg_locks` every `pollMs`: a process that dies
 * ends its session and leaves the count with it.
 *
 * The count changes in the safe direction first. A process that joins a key others
 * send with waits until every other one has counted it and their spends at the larger
 * share have aged out; one that sees a process leave grows its share only once the
 * leaver's last spends have aged out. A process that cannot count (its connection lost,
 * a count overdue) sends nothing with its keys until it counts again. A process starting
 * alone on a key takes it at once: the one it replaces stopped sending longer ago than
 * its spends stay counted (2 s), as starting an OMS takes longer than that.
 */
export class KeySenders {
  private readonly logger = new Logger(KeySenders.name);
  private readonly keys = new Map<number, KeyState>();
  private readonly pollMs: number;
  private readonly staleAfterMs: number;
  private client: Client | null = null;
  private counting = false;
  /** When the last successful count was asked; null while this process cannot see the others. */
  private countedAt: number | null = null;
  /** When the hold of this process's latest join ends. */
  private joinHeldUntil = 0;
  /** Whether the current session has counted yet: its first count is a join. */
  private sessionCounted = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    apiKeys: ReadonlyMap<KeySenderShare, string>,
    private readonly options: KeySendersOptions,
  ) {
    this.pollMs = options.pollMs ?? 500;
    this.staleAfterMs = Math.round(this.pollMs * 1.5);
    for (const [share, apiKey] of apiKeys) {
      const lockId = lockIdOf(apiKey);
      const state = this.keys.get(lockId) ?? { lockId, shares: [], applied: null, fewerSince: null };
      state.shares.push(share);
      this.keys.set(lockId, state);
    }
  }

  /**
   * How long a process joining a key others send with waits before sending: until each
   * of them has counted it (its next count, or its own hold once its count is overdue)
   * and its spends at the larger share have aged out.
   */
  get joinSettleMs(): number {
    return this.pollMs + this.staleAfterMs + SPEND_HELD_MS;
  }

  /**
   * Joins every key's senders (sending nothing before), then counts them every `pollMs`.
   * Resolves once this process may send: a process joining a key others use waits out
   * its hold here, so that it serves no desk order it would have to hold back.
   */
  async start(): Promise<void> {
    if (this.keys.size === 0) return;
    this.holdAll(Infinity);
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
    const heldMs = this.joinHeldUntil - Date.now();
    if (heldMs > 0) await new Promise((resolve) => setTimeout(resolve, heldMs));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    if (this.countedAt !== null && Date.now() - this.countedAt > this.staleAfterMs) {
      this.lostSight('the count of key senders is overdue');
    }
    if (this.counting) return;
    this.counting = true;
    try {
      const client = this.client ?? (await this.join());
      const askedAt = Date.now();
      const counts = await this.count(client);
      if (this.stopped || client !== this.client) return;
      this.apply(counts, askedAt);
    } catch (error) {
      if (!this.stopped) this.lostSight('key senders cannot be counted', error);
    } finally {
      this.counting = false;
    }
  }

  private apply(counts: ReadonlyMap<number, number>, askedAt: number): void {
    const joining = !this.sessionCounted;
    const wasBlind = this.countedAt === null;
    this.sessionCounted = true;
    this.countedAt = askedAt;
    for (const key of this.keys.values()) {
      // This process holds the key's lock: it counts itself at least.
      const count = Math.max(1, counts.get(key.lockId) ?? 0);
      if (joining) {
        // Others may send at a larger share until they count this process; one that left
        // while this process could not count may have spends still counted at the venue.
        const holdMs = count > 1 ? this.joinSettleMs : (key.applied ?? 1) > count ? SPEND_HELD_MS : 0;
        key.fewerSince = null;
        this.give(key, count);
        for (const share of key.shares) share.hold(holdMs);
        this.joinHeldUntil = Math.max(this.joinHeldUntil, Date.now() + holdMs);
      } else if (key.applied === null || count >= key.applied) {
        key.fewerSince = null;
        this.give(key, count);
      } else if (key.fewerSince?.count !== count) {
        key.fewerSince = { count, at: askedAt };
      } else if (askedAt - key.fewerSince.at >= SPEND_HELD_MS) {
        key.fewerSince = null;
        this.give(key, count);
      }
    }
    // A count that was overdue on a session still alive: the others kept counting this
    // process all along, so it sends again at once (its join's hold still counts).
    if (wasBlind && !joining) this.holdAll(Math.max(0, this.joinHeldUntil - Date.now()));
  }

  private give(key: KeyState, count: number): void {
    if (key.applied === count) return;
    if (key.applied !== null) {
      this.logger.log({ from: key.applied, to: count }, 'OMS processes sending with a venue key changed');
    }
    key.applied = count;
    for (const share of key.shares) share.processes(count);
  }

  private lostSight(reason: string, error?: unknown): void {
    if (this.countedAt !== null || error !== undefined) {
      this.logger.warn({ err: error }, `${reason}; sending nothing with the venue keys until counted again`);
    }
    this.countedAt = null;
    this.holdAll(Infinity);
  }

  private holdAll(ms: number): void {
    for (const key of this.keys.values()) for (const share of key.shares) share.hold(ms);
  }

  /** A connection of its own, holding a shared lock per key for as long as it lives. */
  private async join(): Promise<Client> {
    const client = new Client({
      connectionString: this.options.connectionString,
      application_name: 'oms-key-senders',
    });
    client.on('error', (error) => {
      // The session, and every lock it held, is gone: the others no longer count this process.
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      if (!this.stopped) this.lostSight('key senders lost their connection', error);
    });
    await client.connect();
    this.sessionCounted = false;
    try {
      for (const key of this.keys.values()) {
        const result = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock_shared($1::int4, $2::int4) AS locked',
          [KEY_SENDERS_LOCK_SPACE, key.lockId],
        );
        if (result.rows[0]?.locked !== true) throw new Error('the key senders lock is held exclusively');
      }
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  private async count(client: Client): Promise<Map<number, number>> {
    const result = await client.query<{ lock_id: string; senders: number }>(
      `SELECT objid::text AS lock_id, count(*)::int AS senders
       FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND objsubid = 2 AND classid = $1::oid
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND objid = ANY($2::oid[])
       GROUP BY objid`,
      [KEY_SENDERS_LOCK_SPACE, [...this.keys.keys()]],
    );
    return new Map(result.rows.map((row) => [Number(row.lock_id), row.senders]));
  }
}

/** A key's lock id: a non-negative int4 from its API key (a collision only counts more senders). */
function lockIdOf(apiKey: string): number {
  return createHash('sha256').update(apiKey).digest().readUInt32BE(0) & 0x7fffffff;
}
