import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { ApiCredentials } from '../signing/credentials';

/**
 * One venue account the OMS and ingest serve, from `EXCHANGE_ACCOUNTS` (desk-api.md,
 * "Accounts"). `name` is the desk API's `account`.
 */
export interface ExchangeAccount {
  readonly name: string;
  /** The trading key: the OMS places and cancels with it. */
  readonly credentials: ApiCredentials;
  /** The key ingest reads with: the account's read-only key, else the trading key. */
  readonly ingestCredentials: ApiCredentials;
  /** True when ingest and the OMS use one key, and so share its weight budget. */
  readonly ingestSharesTradingKey: boolean;
}

const keyName = z.string().min(1, 'must not be empty');
const keyMaterial = z.object({
  apiKey: keyName,
  secretKey: z.string().min(1, 'must not be empty').optional(),
  privateKeyPem: z.string().min(1, 'must not be empty').optional(),
});
const accountEntry = keyMaterial.extend({
  name: z
    .string()
    .min(1, 'must not be empty')
    .regex(/^[A-Za-z0-9_.-]+$/, 'may hold letters, digits, "_", "." and "-" only'),
  readOnlyKey: keyMaterial.optional(),
});
const accountList = z.array(accountEntry).min(1, 'must list at least one account');

/** Thrown for an unusable EXCHANGE_ACCOUNTS; the message names the place, never a value. */
export class ExchangeAccountsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`EXCHANGE_ACCOUNTS is invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ExchangeAccountsError';
  }
}

function credentialsOf(material: z.infer<typeof keyMaterial>, path: string, problems: string[]) {
  if (material.secretKey !== undefined && material.privateKeyPem !== undefined) {
    problems.push(`${path}: give secretKey (HMAC) or privateKeyPem (Ed25519), not both`);
    return undefined;
  }
  if (material.secretKey !== undefined)
    return { kind: 'hmac', apiKey: material.apiKey, secretKey: material.secretKey } as const;
  if (material.privateKeyPem !== undefined)
    return { kind: 'ed25519', apiKey: material.apiKey, privateKeyPem: material.privateKeyPem } as const;
  problems.push(`${path}: needs secretKey (HMAC) or privateKeyPem (Ed25519)`);
  return undefined;
}

/**
 * Reads `EXCHANGE_ACCOUNTS`: inline JSON (starting with "[") or the path of a JSON file.
 * Problems name the entry and field; key material is never echoed.
 */
export function parseExchangeAccounts(value: string): ExchangeAccount[] {
  const text = value.trim();
  let json: unknown;
  try {
    if (text.startsWith('[')) json = JSON.parse(text);
    else if (existsSync(text)) json = JSON.parse(readFileSync(text, 'utf8'));
    else throw new ExchangeAccountsError(['neither inline JSON (starting with "[") nor an existing file']);
  } catch (error) {
    if (error instanceof ExchangeAccountsError) throw error;
    throw new ExchangeAccountsError(['is not valid JSON']);
  }
  const parsed = accountList.safeParse(json);
  if (!parsed.success) {
    throw new ExchangeAccountsError(
      parsed.error.issues.map((issue) => `${['accounts', ...issue.path].join('.')}: ${issue.message}`),
    );
  }
  const problems: string[] = [];
  const names = new Set<string>();
  const accounts = parsed.data.flatMap((entry, index): ExchangeAccount[] => {
    const path = `accounts.${index}`;
    if (names.has(entry.name)) problems.push(`${path}.name: "${entry.name}" is listed twice`);
    names.add(entry.name);
    const credentials = credentialsOf(entry, path, problems);
    const readOnly = entry.readOnlyKey
      ? credentialsOf(entry.readOnlyKey, `${path}.readOnlyKey`, problems)
      : undefined;
    if (!credentials || (entry.readOnlyKey && !readOnly)) return [];
    return [
      {
        name: entry.name,
        credentials,
        ingestCredentials: readOnly ?? credentials,
        ingestSharesTradingKey: readOnly === undefined || readOnly.apiKey === credentials.apiKey,
      },
    ];
  });
  if (problems.length > 0) throw new ExchangeAccountsError(problems);
  return accounts;
}
