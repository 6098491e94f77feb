import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeskActor, DeskRole } from './desk-actor';
import { deskTokenDigest } from './desk-token-secret';
import { RecentTokens } from './recent-tokens';

interface TokenRow {
  readonly name: string;
  readonly role: DeskRole;
  readonly accounts: string[];
  readonly requests_per_minute: number | null;
}

export interface StoredDeskToken {
  readonly actor: DeskActor;
  /** The token's own request limit, when it has one. */
  readonly requestsPerMinute: number | null;
}

export interface NewDeskToken {
  readonly name: string;
  readonly role: DeskRole;
  readonly accounts: readonly string[] | '*';
  readonly requestsPerMinute: number | null;
  readonly createdBy: string | null;
}

function toStored(row: TokenRow): StoredDeskToken {
  return {
    actor: { tokenName: row.name, role: row.role, accounts: row.accounts.includes('*') ? '*' : row.accounts },
    requestsPerMinute: row.requests_per_minute,
  };
}

/**
 * How long a found token is answered from memory: the bound on a revocation made by
 * another OMS process on the same database (one made here takes effect at once).
 */
export const RECENT_TOKEN_TTL_MS = 5_000;
const RECENT_TOKEN_ENTRIES = 1_000;

/**
 * Desk tokens in Postgres (desk_tokens), found by the digest of the presented value.
 * Tokens found are kept a few seconds in memory: every desk request presents one, and
 * a read of desk_tokens per request sat on the path of every order.
 */
@Injectable()
export class DeskTokenStore {
  private readonly recent = new RecentTokens<StoredDeskToken>(RECENT_TOKEN_TTL_MS, RECENT_TOKEN_ENTRIES);

  constructor(private readonly dataSource: DataSource) {}

  async findActive(token: string): Promise<StoredDeskToken | null> {
    const digest = deskTokenDigest(token);
    const recent = this.recent.get(digest);
    if (recent !== undefined) return recent;
    const generation = this.recent.generation();
    const rows = await this.dataSource.query<TokenRow[]>(
      `SELECT name, role, accounts, requests_per_minute FROM desk_tokens
        WHERE token_sha256 = $1 AND revoked_at IS NULL`,
      [digest],
    );
    if (rows.length === 0) return null;
    const stored = toStored(rows[0]);
    this.recent.remember(digest, stored, generation);
    return stored;
  }

  /** Stores a new token; false when the name is taken (revoked names stay taken). */
  async insert(token: string, fields: NewDeskToken): Promise<boolean> {
    const rows = await this.dataSource.query<Array<{ name: string }>>(
      `INSERT INTO desk_tokens (name, token_sha256, role, accounts, requests_per_minute, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name) DO NOTHING RETURNING name`,
      [
        fields.name,
        deskTokenDigest(token),
        fields.role,
        fields.accounts === '*' ? ['*'] : [...fields.accounts],
        fields.requestsPerMinute,
        fields.createdBy,
      ],
    );
    return rows.length === 1;
  }

  /** Revokes a live token by name; false when there is none. */
  async revoke(name: string): Promise<boolean> {
    const rows = await this.dataSource.query<Array<{ name: string }>>(
      `WITH revoked AS (
         UPDATE desk_tokens SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL RETURNING name
       ) SELECT name FROM revoked`,
      [name],
    );
    this.recent.clear();
    return rows.length === 1;
  }

  /** Makes `token` the live admin token named `admin` for every account (DESK_ADMIN_TOKEN). */
  async installAdmin(token: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO desk_tokens (name, token_sha256, role, accounts, created_by)
       VALUES ('admin', $1, 'admin', ARRAY['*'], NULL)
       ON CONFLICT (name) DO UPDATE
         SET token_sha256 = EXCLUDED.token_sha256, role = 'admin', accounts = ARRAY['*'], revoked_at = NULL`,
      [deskTokenDigest(token)],
    );
    this.recent.clear();
  }
}
