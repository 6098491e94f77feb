/** One committed write to a watched read model, as the NOTIFY of its trigger names it. */
export type ReadModelChange =
  | { readonly table: 'rm_orders'; readonly op: ChangeOp; readonly key: { readonly id: string } }
  | {
      readonly table: 'rm_fills';
      readonly op: ChangeOp;
      readonly key: { readonly account: string; readonly market: string; readonly fillId: string };
    }
  | {
      readonly table: 'rm_positions';
      readonly op: ChangeOp;
      readonly key: { readonly account: string; readonly symbol: string; readonly side: string };
    }
  | {
      readonly table: 'rm_balances';
      readonly op: ChangeOp;
      readonly key: { readonly account: string; readonly wallet: string; readonly asset: string };
    };

export type ChangeOp = 'INSERT' | 'UPDATE';

export const READ_MODEL_CHANGE_CHANNEL = 'desk_read_model_changes';

const TABLES = new Set(['rm_orders', 'rm_fills', 'rm_positions', 'rm_balances']);

/** Reads a notification payload; null for anything not of the expected shape. */
export function parseReadModelChange(payload: string | undefined): ReadModelChange | null {
  if (payload === undefined) return null;
  try {
    const parsed = JSON.parse(payload) as { table?: unknown; op?: unknown; key?: unknown };
    if (typeof parsed.table !== 'string' || !TABLES.has(parsed.table)) return null;
    if (parsed.op !== 'INSERT' && parsed.op !== 'UPDATE') return null;
    if (typeof parsed.key !== 'object' || parsed.key === null) return null;
    return parsed as ReadModelChange;
  } catch {
    return null;
  }
}
