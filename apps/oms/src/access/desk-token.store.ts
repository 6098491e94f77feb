import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeskActor, DeskRole } from './desk-actor';
import { deskTokenDigest } from './desk-token-secret';

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

/** Desk tokens in Postgres (desk_tokens), found by the digest of the presented value. */
@Injectable()
export class DeskTokenStore {
  constructor(private readonly dataSource: DataSource) {}

  async findActive(token: string): Promise<StoredDeskToken | null> {
    const rows = await this.dataSource.query<TokenRow[]>(
      `SELECT name, role, accounts, requests_per_minute FROM desk_tokens
        WHERE token_sha256 = $1 AND revoked_at IS NULL`,
      [deskTokenDigest(token)],
    );
    return rows.length === 0 ? null : toStored(rows[0]);
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
  }
}
