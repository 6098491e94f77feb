import { createHash } from 'node:crypto';

/** Names of the statements prepared so far, by text (the app's statements are a fixed set). */
const preparedNames = new Map<string, string>();
const MAX_PREPARED_NAMES = 2_000;

/**
 * The name a statement is prepared under on every connection: derived from its text, so
 * a connection parses and plans each of the app's statements once.
 */
export function preparedName(sql: string): string {
  let name = preparedNames.get(sql);
  if (name === undefined) {
    name = `p${createHash('sha256').update(sql).digest('hex').slice(0, 32)}`;
    if (preparedNames.size < MAX_PREPARED_NAMES) preparedNames.set(sql, name);
  }
  return name;
}
