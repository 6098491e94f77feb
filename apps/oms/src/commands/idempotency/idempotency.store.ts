import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { IdempotentAnswer } from './idempotent-answer';

/** Keys are kept two days: the contract asks for at least 24 hours. */
const RETENTION_HOURS = 48;

export type IdempotencyClaim =
  | { readonly kind: 'claimed'; readonly seed: string }
  /**
   * An earlier request with this key has no answer yet: still being served, or
   * `abandoned` when it claimed the key longer ago than any answer takes (its OMS died).
   * `seed` is null for a claim made before claims had seeds.
   */
  | { readonly kind: 'in-flight'; readonly seed: string | null; readonly abandoned: boolean }
  | { readonly kind: 'repeat'; readonly statusCode: number; readonly answer: IdempotentAnswer };

interface KeyRow {
  readonly request_hash: string;
  readonly state: 'pending' | 'done';
  readonly status_code: number | null;
  /** The answer's JSON text (text, not jsonb: it may hold a NUL character). */
  readonly answer: string | null;
  readonly attempt_seed: string | null;
  readonly abandoned: boolean;
}

/** Idempotency keys per token, in Postgres (oms_idempotency_keys). */
@Injectable()
export class IdempotencyStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Claims a key for a request, or tells what the earlier request with that key
   * answered, or that it has no answer yet (abandoned once its claim is older than
   * `abandonedAfterMs`). The same key with another body: IDEMPOTENCY_KEY_REUSED.
   */
  async claim(
    tokenName: string,
    key: string,
    fingerprint: string,
    abandonedAfterMs: number,
  ): Promise<IdempotencyClaim> {
    const seed = randomUUID();
    const inserted = await this.dataSource.query<unknown[]>(
      `INSERT INTO oms_idempotency_keys
         (token_name, idempotency_key, request_hash, state, expires_at, attempt_seed)
       VALUES ($1, $2, $3, 'pending', now() + make_interval(hours => $4), $5)
       ON CONFLICT (token_name, idempotency_key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, state = 'pending', status_code = NULL, answer = NULL,
             created_at = now(), expires_at = EXCLUDED.expires_at, attempt_seed = EXCLUDED.attempt_seed
         WHERE oms_idempotency_keys.expires_at < now()
       RETURNING 1`,
      [tokenName, key, fingerprint, RETENTION_HOURS, seed],
    );
    if (inserted.length > 0) return { kind: 'claimed', seed };
    const rows = await this.dataSource.query<KeyRow[]>(
      `SELECT request_hash, state, status_code, answer, attempt_seed,
              created_at < now() - make_interval(secs => $3::float8 / 1000) AS abandoned
         FROM oms_idempotency_keys
        WHERE token_name = $1 AND idempotency_key = $2`,
      [tokenName, key, abandonedAfterMs],
    );
    const row = rows[0];
    if (row === undefined) return this.claim(tokenName, key, fingerprint, abandonedAfterMs);
    if (row.request_hash !== fingerprint) {
      throw new DeskError(
        DeskErrorCode.IDEMPOTENCY_KEY_REUSED,
        'this Idempotency-Key was used with a different request',
        { field: 'Idempotency-Key' },
      );
    }
    if (row.state === 'pending' || row.status_code === null || row.answer === null) {
      return { kind: 'in-flight', seed: row.attempt_seed, abandoned: row.abandoned };
    }
    return {
      kind: 'repeat',
      statusCode: row.status_code,
      answer: JSON.parse(row.answer) as IdempotentAnswer,
    };
  }

  /**
   * Takes over an abandoned claim for a new attempt with the same seed (so with the same
   * client ids). Of several repeats, one wins; the others see the claim in flight again.
   */
  async takeOver(tokenName: string, key: string, seed: string, abandonedAfterMs: number): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected row count].
    const [, taken] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE oms_idempotency_keys SET created_at = now()
        WHERE token_name = $1 AND idempotency_key = $2 AND state = 'pending' AND attempt_seed = $3
          AND created_at < now() - make_interval(secs => $4::float8 / 1000)`,
      [tokenName, key, seed, abandonedAfterMs],
    );
    return taken > 0;
  }

  async complete(
    tokenName: string,
    key: string,
    statusCode: number,
    answer: IdempotentAnswer,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE oms_idempotency_keys SET state = 'done', status_code = $3, answer = $4
        WHERE token_name = $1 AND idempotency_key = $2`,
      [tokenName, key, statusCode, JSON.stringify(answer)],
    );
  }

  /** A request refused before anything was recorded frees its key for a corrected retry. */
  async release(tokenName: string, key: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM oms_idempotency_keys WHERE token_name = $1 AND idempotency_key = $2 AND state = 'pending'`,
      [tokenName, key],
    );
  }

  async deleteExpired(): Promise<number> {
    // TypeORM answers a DELETE with [rows, affected row count].
    const [, deleted] = await this.dataSource.query<[unknown[], number]>(
      `DELETE FROM oms_idempotency_keys WHERE expires_at < now()`,
    );
    return deleted;
  }
}
