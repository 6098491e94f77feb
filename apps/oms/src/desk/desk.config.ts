import { z } from 'zod';
import { parseExchangeAccounts } from '@oms/exchange';
import { loadConfig } from '@oms/platform';

const deskEnvironment = z.object({
  /** When set, the admin token named `admin` for every account (desk-api.md, "Access"). */
  DESK_ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Requests one token may make per minute, unless the token names its own limit. */
  DESK_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** The venue accounts served: only their names are read here. */
  EXCHANGE_ACCOUNTS: z.string().optional(),
});

export interface DeskConfig {
  readonly adminToken: string | null;
  readonly requestsPerMinute: number;
  /** The `account` names the desk API serves (EXCHANGE_ACCOUNTS); anything else is ACCOUNT_NOT_FOUND. */
  readonly servedAccounts: readonly string[];
}

export function loadDeskConfig(env: NodeJS.ProcessEnv): DeskConfig {
  const parsed = loadConfig('oms', deskEnvironment, env);
  return {
    adminToken: parsed.DESK_ADMIN_TOKEN ?? null,
    requestsPerMinute: parsed.DESK_REQUESTS_PER_MINUTE,
    servedAccounts:
      parsed.EXCHANGE_ACCOUNTS === undefined
        ? []
        : parseExchangeAccounts(parsed.EXCHANGE_ACCOUNTS).map((account) => account.name),
  };
}
