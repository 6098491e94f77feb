import { existsSync, readFileSync } from 'node:fs';

/**
 * Keeps secrets out of log lines and error messages, at any depth. pino's own path
 * redaction matches fixed paths only (a `secretKey` two objects down slipped through),
 * so every finished line is checked here instead, just before it is written:
 * - a value under a secret-bearing key name is replaced, however deep it sits;
 * - the password of a `scheme://user:password@host` URL and signed query parameters are
 *   replaced inside any string;
 * - secret values known to the process (desk tokens, venue keys) are replaced wherever
 *   they appear, even inside a message text.
 */
export const REDACTED = '[redacted]';

/** Key names (compared lower-case, without "-", "_" or spaces) whose values are secrets. */
const SECRET_KEY_NAMES: ReadonlySet<string> = new Set([
  'apikey',
  'apisecret',
  'secret',
  'secretkey',
  'privatekey',
  'privatekeypem',
  'password',
  'passwd',
  'passphrase',
  'signature',
  'token',
  'accesstoken',
  'refreshtoken',
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'xapikey',
  'xhkapikey',
  'listenkey',
  'deskadmintoken',
  'exchangeaccounts',
]);

export function isSecretKeyName(key: string): boolean {
  return SECRET_KEY_NAMES.has(key.toLowerCase().replace(/[-_\s]/g, ''));
}

/** A cheap test that lets lines without any suspicious key skip the JSON walk. */
const MAY_HOLD_SECRET_KEY =
  /"[^"]*(?:key|secret|pass|signature|token|authorization|cookie|accounts)[^"]*"\s*:/i;
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s:@/"'\\]+:)[^\s@/"'\\]+@/gi;
const SIGNED_QUERY_PARAMETER = /([?&](?:signature|api_?key|token|listen_?key)=)[^&\s"'\\]+/gi;

const knownSecretValues = new Set<string>();

/**
 * Makes `value` disappear from every later log line and redacted message. Short values
 * are ignored: replacing every "abc" in every line would mangle logs and hide nothing.
 */
export function registerSecretValue(value: string | undefined): void {
  if (value === undefined) return;
  const trimmed = value.trim();
  if (trimmed.length >= 6) knownSecretValues.add(trimmed);
}

/** Registers the secrets the shared environment variables carry (desk-api.md, "Accounts"). */
export function registerSecretsFromEnvironment(env: NodeJS.ProcessEnv): void {
  registerSecretValue(env.DESK_ADMIN_TOKEN);
  const setting = env.EXCHANGE_ACCOUNTS?.trim();
  if (!setting) return;
  let accounts = setting;
  // A path to a JSON file (desk-api.md, "Accounts"): its keys are the secrets.
  if (!setting.startsWith('[') && existsSync(setting)) {
    try {
      accounts = readFileSync(setting, 'utf8');
    } catch {
      return; // unreadable: the app's own validation names the variable
    }
  }
  try {
    collectSecretValues(JSON.parse(accounts) as unknown);
  } catch {
    // Not JSON: the app's own validation names the variable; the whole text is a secret.
    registerSecretValue(accounts);
  }
}

function collectSecretValues(value: unknown, underSecretKey = false): void {
  if (typeof value === 'string') {
    if (underSecretKey) registerSecretValue(value);
  } else if (Array.isArray(value)) {
    for (const item of value) collectSecretValues(item, underSecretKey);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      collectSecretValues(item, underSecretKey || isSecretKeyName(key));
  }
}

/** A copy of `value` with every value under a secret-bearing key replaced, at any depth. */
export function redactSecretKeys(value: unknown, seen = new WeakSet<object>()): unknown {
  if (Array.isArray(value)) {
    if (seen.has(value)) return '[circular]';
    seen.add(value);
    return value.map((item) => redactSecretKeys(item, seen));
  }
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    copy[key] =
      isSecretKeyName(key) && item !== null && item !== undefined ? REDACTED : redactSecretKeys(item, seen);
  return copy;
}

/** Replaces URL passwords, signed query parameters and known secret values in a text. */
export function redactSecretText(text: string): string {
  let result = text.replace(URL_PASSWORD, `$1${REDACTED}@`).replace(SIGNED_QUERY_PARAMETER, `$1${REDACTED}`);
  for (const secret of knownSecretValues) {
    if (result.includes(secret)) result = result.split(secret).join(REDACTED);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret && result.includes(escaped)) result = result.split(escaped).join(REDACTED);
  }
  return result;
}

/** The last step before a JSON log line is written (pino's streamWrite hook). */
export function redactLogLine(line: string): string {
  let result = line;
  if (MAY_HOLD_SECRET_KEY.test(line)) {
    try {
      result = `${JSON.stringify(redactSecretKeys(JSON.parse(line)))}\n`;
    } catch {
      // Not one JSON document: the text rules below still apply.
    }
  }
  return redactSecretText(result);
}
