import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { IdempotentAnswer } from './idempotent-answer';

/** Keys are kept two days: the contract asks for at least 24 hours. */
const RETENTION_HOURS = 48;

export type IdempotencyClaim =
  | { readonly kind: 'claimed' }
  /** An earlier request with this key is still being served. */
  | { readonly kind: 'in-flight' }
  | { readonly kind: 'repeat'; readonly statusCode: number; readonly answer: IdempotentAnswer };

interface KeyRow {
  readonly request_hash: string;
  readonly state: 'pending' | 'done';
  readonly status_code: number | null;
  /** The answer's JSON text (text, not jsonb: it may hold a NUL character). */
  readonly answer: string | null;
}

/** Idempotency keys per token, in Postgres (oms_idempotency_keys). */
@Injectable()
export class IdempotencyStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Claims a key for a request, or tells what the earlier request with that key
   * answered, or that it is still being served. The same key with another body:
   * IDEMPOTENCY_KEY_REUSED.
   */
  async claim(tokenName: string, key: string, fingerprint: string): Promise<IdempotencyClaim> {
    const inserted = await this.dataSource.query<unknown[]>(
      `INSERT INTO oms_idempotency_keys (token_name, idempotency_key, request_hash, state, expires_at)
       VALUES ($1, $2, $3, 'pending', now() + make_interval(hours => $4))
       ON CONFLICT (token_name, idempotency_key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, state = 'pending', status_code = NULL, answer = NULL,
             created_at = now(), expires_at = EXCLUDED.expires_at
         WHERE oms_idempotency_keys.expires_at < now()
       RETURNING 1`,
      [tokenName, key, fingerprint, RETENTION_HOURS],
    );
    if (inserted.length > 0) return { kind: 'claimed' };
    const rows = await this.dataSource.query<KeyRow[]>(
      `SELECT request_hash, state, status_code, answer FROM oms_idempotency_keys
        WHERE token_name = $1 AND idempotency_key = $2`,
      [tokenName, key],
    );
    const row = rows[0];
    if (row === undefined) return this.claim(tokenName, key, fingerprint);
    if (row.request_hash !== fingerprint) {
      throw new DeskError(
        DeskErrorCode.IDEMPOTENCY_KEY_REUSED,
        'this Idempotency-Key was used with a different request',
        { field: 'Idempotency-Key' },
      );
    }
    if (row.state === 'pending' || row.status_code === null || row.answer === null) {
      return { kind: 'in-flight' };
    }
    return {
      kind: 'repeat',
      statusCode: row.status_code,
      answer: JSON.parse(row.answer) as IdempotentAnswer,
    };
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
    const deleted = await this.dataSource.query<unknown[]>(
      `DELETE FROM oms_idempotency_keys WHERE expires_at < now() RETURNING 1`,
    );
    return deleted.length;
  }
}
