import { DeskError, DeskErrorCode } from '../../errors/desk-error';

/**
 * Where a newest-first page stopped: the last row's time (microseconds kept, as
 * Postgres gives it) and its tie-breaking key. Opaque to callers (base64url JSON).
 */
export interface PageCursor {
  readonly at: string;
  readonly key: readonly string[];
}

const POSTGRES_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, ...cursor.key]), 'utf8').toString('base64url');
}

export const UUID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const TEXT_KEY = /^[\w.:-]{1,200}$/;

/** Reads a cursor this API gave out, one key value per pattern; anything else is INVALID_CURSOR. */
/** A check of one key value; a RegExp is one. */
export interface CursorKeyRule {
  test(value: string): boolean;
}

export function decodeCursor(value: string, keyPatterns: readonly CursorKeyRule[]): PageCursor {
  const keyParts = keyPatterns.length;
  const invalid = () =>
    new DeskError(DeskErrorCode.INVALID_CURSOR, 'cursor is not one this API gave out', { field: 'cursor' });
  if (!/^[A-Za-z0-9_-]{1,1000}$/.test(value)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== keyParts + 1 ||
    !parsed.every((part) => typeof part === 'string' && part.length <= 200)
  )
    throw invalid();
  const [at, ...key] = parsed as string[];
  if (!POSTGRES_TIME.test(at) || Number.isNaN(Date.parse(at))) throw invalid();
  if (!key.every((part, index) => keyPatterns[index].test(part))) throw invalid();
  return { at, key };
}

/** SQL giving a timestamptz as the cursor's time text (UTC, microseconds). */
export function cursorTimeSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
