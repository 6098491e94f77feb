import type { BatchEntryResult } from '../engine';
import { ExchangeApiError } from '../http/exchange-api-error';
import { RequestParams } from '../http/request-params';

const MAX_BATCH_ORDERS = 20;

/**
 * The JSON array of a batch create, each entry as request parameters. Clients send
 * numbers for some fields (Postman's futures batch), so scalars are taken as text.
 */
export function readBatchEntries(params: RequestParams): RequestParams[] {
  const body = params.jsonBody;
  if (!Array.isArray(body) || body.length === 0) throw ExchangeApiError.requiredField('orders');
  if (body.length > MAX_BATCH_ORDERS) {
    throw ExchangeApiError.badRequest('-2022', `Batch orders cannot exceed ${MAX_BATCH_ORDERS}`);
  }
  const entries = body.map((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw ExchangeApiError.invalidParameter(`orders[${index}]`, 'must be an object');
    }
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(entry as Record<string, unknown>)) {
      if (typeof value === 'string') values[name] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') values[name] = String(value);
    }
    return RequestParams.of(values);
  });
  const symbols = new Set(entries.map((entry) => entry.optionalString('symbol')));
  if (symbols.size > 1) throw ExchangeApiError.invalidParameter('symbol', 'a batch must use one symbol');
  return entries;
}

/** A comma-separated id list (`ids`), bounded. */
export function readIdList(params: RequestParams, name: string, max: number): string[] {
  const ids = params
    .requiredString(name)
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id.length > 0);
  if (ids.length === 0) throw ExchangeApiError.requiredField(name);
  if (ids.length > max) throw ExchangeApiError.invalidParameter(name, `at most ${max} ids`);
  return ids;
}

export type BatchAnswer =
  { readonly code: string; readonly msg: string } | { readonly code: '0000'; readonly order: unknown };

/**
 * A batch create: an entry that does not decode answers its own error, the others go
 * to the engine together, and every answer stands in its entry's place.
 */
export function answerBatch<TCommand, TOrder>(
  entries: readonly RequestParams[],
  decode: (entry: RequestParams) => TCommand,
  placeAll: (commands: TCommand[]) => readonly BatchEntryResult<TOrder>[],
  toOrder: (order: TOrder) => unknown,
): BatchAnswer[] {
  const decoded = entries.map(
    (entry): { ok: true; command: TCommand } | { ok: false; error: ExchangeApiError } => {
      try {
        return { ok: true, command: decode(entry) };
      } catch (error) {
        if (error instanceof ExchangeApiError) return { ok: false, error };
        throw error;
      }
    },
  );
  const placed = [...placeAll(decoded.flatMap((entry) => (entry.ok ? [entry.command] : [])))];
  return decoded.map((entry) => {
    if (!entry.ok) return { code: String(entry.error.code), msg: entry.error.msg };
    const outcome = placed.shift();
    if (outcome === undefined) throw new Error('engine returned fewer batch results than orders');
    return outcome.ok
      ? { code: '0000', order: toOrder(outcome.order) }
      : { code: String(outcome.code), msg: outcome.msg };
  });
}
