import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { utcDayStart } from '@oms/domain';
import { Counter, Gauge } from 'prom-client';
import { DataSource, QueryRunner } from 'typeorm';
import { registeredMetric } from '../../metrics/registered-metric';
import { SERVED_ACCOUNTS } from '../../access/account-scope';
import { PnlReportHandler, PnlReportQuery } from './pnl-report.query';

/** How often the checkpoints are brought to the day's start. */
const KEEP_EVERY_MS = 60 * 60 * 1000;

/** The first round, a minute after start: a history is caught up soon after a deploy or a replay. */
const FIRST_KEEP_AFTER_MS = 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Checkpoints older than this are deleted, except those at a month's first day and each
 * history's newest: a report of an older period resumes from its month's start.
 */
export const CHECKPOINT_DAYS_KEPT = 7;

/** Held by the process keeping checkpoints: one OMS process does it at a time. */
const KEEPER_LOCK = 'oms:pnl-checkpoint-keeper';

const METHODS = ['average-cost', 'fifo'] as const;

const rounds = () =>
  registeredMetric(
    'oms_pnl_checkpoint_rounds_total',
    () =>
      new Counter({
        name: 'oms_pnl_checkpoint_rounds_total',
        help: 'Rounds of the P&L checkpoint keeper, by outcome: ran, skipped (another process keeps them) or failed',
        labelNames: ['outcome'],
      }),
  );
const failedReports = () =>
  registeredMetric(
    'oms_pnl_checkpoint_failed_reports_total',
    () =>
      new Counter({
        name: 'oms_pnl_checkpoint_failed_reports_total',
        help: "Reports of an account and cost method the keeper could not fold (each logged); that account's checkpoints wait for the next round",
      }),
  );
const lastRoundSeconds = () =>
  registeredMetric(
    'oms_pnl_checkpoint_last_round_seconds',
    () =>
      new Gauge({
        name: 'oms_pnl_checkpoint_last_round_seconds',
        help: "How long the keeper's latest round took: long after a deploy or a replay, when every history is folded once",
      }),
  );

export interface CheckpointRound {
  /** False when another process was keeping them. */
  readonly ran: boolean;
  /** Reports run: one per account and cost method, fewer when shutdown began. */
  readonly reports: number;
  /** Reports that could not be folded (each logged). */
  readonly failed: number;
  /** Old checkpoints deleted. */
  readonly deleted: number;
}

/**
 * Keeps every history's P&L checkpoint at the start of the current UTC day, so that a
 * desk's report reads the fills since then and not the whole history, even the first
 * time it is asked for. Each round asks, for every served account and both spot cost
 * methods, for the report of the day's first millisecond: that report folds each
 * history from its newest checkpoint and keeps one at the day's start
 * (`inReportSnapshot`). A round after the first of the day folds nothing new.
 * Old checkpoints are then thinned out (`CHECKPOINT_DAYS_KEPT`).
 */
@Injectable()
export class PnlCheckpointKeeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PnlCheckpointKeeper.name);
  private timers: NodeJS.Timeout[] = [];
  private round?: Promise<unknown>;
  /** Set when shutdown begins: a round starts no further report. */
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reports: PnlReportHandler,
    @Inject(SERVED_ACCOUNTS) private readonly accounts: readonly string[],
  ) {}

  onApplicationBootstrap(): void {
    this.timers = [
      setTimeout(() => this.startRound(), FIRST_KEEP_AFTER_MS),
      setInterval(() => this.startRound(), KEEP_EVERY_MS),
    ];
    for (const timer of this.timers) timer.unref();
  }

  /**
   * Stops the rounds: a round under way ends after the report it is folding (the next
   * round goes on from the checkpoints kept so far), while the database is still open.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    await this.round;
  }

  private startRound(): void {
    if (this.round !== undefined) return;
    const started = Date.now();
    this.round = this.keepAt(started)
      .then(
        (round) => {
          if (round.ran)
            this.logger.log(
              { ...round, elapsedMs: Date.now() - started },
              'P&L checkpoints kept at the day start',
            );
        },
        (error: unknown) =>
          this.logger.warn({ err: error }, 'P&L checkpoints not kept; the next round retries'),
      )
      .finally(() => (this.round = undefined));
  }

  /** One round, as at `now` (epoch ms), counted in the keeper's metrics. */
  async keepAt(now: number): Promise<CheckpointRound> {
    const started = process.hrtime.bigint();
    try {
      const round = await this.roundAt(now);
      rounds().inc({ outcome: round.ran ? 'ran' : 'skipped' });
      failedReports().inc(round.failed);
      if (round.ran) lastRoundSeconds().set(Number(process.hrtime.bigint() - started) / 1e9);
      return round;
    } catch (error) {
      rounds().inc({ outcome: 'failed' });
      throw error;
    }
  }

  private async roundAt(now: number): Promise<CheckpointRound> {
    const lock = this.dataSource.createQueryRunner('master');
    await lock.connect();
    try {
      const [{ locked }] = (await lock.query(
        `SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked`,
        [KEEPER_LOCK],
      )) as Array<{ locked: boolean }>;
      if (!locked) return { ran: false, reports: 0, failed: 0, deleted: 0 };
      try {
        const dayStart = utcDayStart(now);
        let reports = 0;
        let failed = 0;
        for (const account of this.accounts) {
          for (const method of METHODS) {
            if (this.stopping) return { ran: true, reports, failed, deleted: 0 };
            const firstMillisecond = new PnlReportQuery(
              account,
              undefined,
              new Date(dayStart),
              new Date(dayStart + 1),
              method,
              'symbol',
            );
            reports += 1;
            await this.reports.execute(firstMillisecond).catch((error: unknown) => {
              failed += 1;
              this.logger.warn({ account, method, err: error }, 'P&L checkpoints of the account not kept');
            });
          }
        }
        return {
          ran: true,
          reports,
          failed,
          deleted: await deleteOldCheckpoints(lock, dayStart - CHECKPOINT_DAYS_KEPT * DAY_MS),
        };
      } finally {
        await lock.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [KEEPER_LOCK]);
      }
    } finally {
      await lock.release();
    }
  }
}

/**
 * Deletes the checkpoints before `before` (epoch ms) but those at a month's first day
 * and each history's newest; the number deleted.
 */
async function deleteOldCheckpoints(runner: QueryRunner, before: number): Promise<number> {
  let deleted = 0;
  for (const [table, history] of [
    ['rm_pnl_checkpoints', ['account', 'symbol', 'side']],
    ['rm_spot_pnl_checkpoints', ['account', 'symbol', 'method']],
  ] as const) {
    const result = await runner.query(
      `DELETE FROM ${table} c
        WHERE before_ms < $1
          AND to_char(to_timestamp(before_ms / 1000.0) AT TIME ZONE 'UTC', 'DD') <> '01'
          AND EXISTS (SELECT 1 FROM ${table} n
                       WHERE ${history.map((column) => `n.${column} = c.${column}`).join(' AND ')}
                         AND n.before_ms > c.before_ms)`,
      [before],
      true,
    );
    deleted += result.affected ?? 0;
  }
  return deleted;
}
