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

/** The text of every cursor this API gives out: base64url, short enough to read cheaply. */
export const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,1000}$/;

/** A cursor of `list` (its name first, so another list can refuse it), then time and key. */
export function encodeCursor(list: string, cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([list, cursor.at, ...cursor.key]), 'utf8').toString('base64url');
}

export const UUID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const TEXT_KEY = /^[\w.:-]{1,200}$/;

/** A check of one key value; a RegExp is one. */
export interface CursorKeyRule {
  test(value: string): boolean;
}

/**
 * Reads a cursor this API gave out for `list`, one key value per rule; anything else,
 * a cursor of another list included, is INVALID_CURSOR.
 */
export function decodeCursor(value: string, list: string, keyRules: readonly CursorKeyRule[]): PageCursor {
  const invalid = () =>
    new DeskError(DeskErrorCode.INVALID_CURSOR, 'cursor is not one this API gave out', { field: 'cursor' });
  if (!CURSOR_TEXT.test(value)) throw invalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string' && part.length <= 200))
    throw invalid();
  const parts = parsed as string[];
  // Cursors given out before they named their list start with the time; a desk may still
  // hold one mid-listing, so it is read as a cursor of this list.
  const unnamed = parts.length > 0 && POSTGRES_TIME.test(parts[0]);
  if (!unnamed && parts[0] !== list) throw invalid();
  const [at, ...key] = unnamed ? parts : parts.slice(1);
  if (key.length !== keyRules.length) throw invalid();
  if (!POSTGRES_TIME.test(at) || Number.isNaN(Date.parse(at))) throw invalid();
  if (!key.every((part, index) => keyRules[index].test(part))) throw invalid();
  return { at, key };
}

/** SQL giving a timestamptz as the cursor's time text (UTC, microseconds). */
export function cursorTimeSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
