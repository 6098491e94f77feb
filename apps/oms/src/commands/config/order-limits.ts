import { z } from 'zod';
import { ConfigurationError } from '@oms/platform';

/**
 * Desk risk limits of one account. `maxOrderQty` is in the order's own unit (base
 * units for spot, contracts for futures); `maxOrderNotional` in the quote asset.
 * null means "no limit".
 */
export interface AccountOrderLimits {
  readonly maxOrderNotional: string | null;
  readonly maxOrderQty: string | null;
}

export interface OrderLimits {
  readonly defaults: AccountOrderLimits;
  readonly byAccount: Readonly<Record<string, AccountOrderLimits>>;
}

const decimalText = z.string().regex(/^\d+(\.\d+)?$/, 'must be a plain positive decimal string');
const perAccountSchema = z.record(
  z.string(),
  z.object({ maxOrderNotional: decimalText.optional(), maxOrderQty: decimalText.optional() }).strict(),
);

/**
 * OMS_MAX_ORDER_NOTIONAL / OMS_MAX_ORDER_QTY apply to every account; OMS_ORDER_LIMITS
 * (JSON `{"desk-a": {"maxOrderNotional": "250000", "maxOrderQty": "5"}}`) overrides
 * them per account.
 */
export function parseOrderLimits(
  input: {
    readonly maxOrderNotional: string | null;
    readonly maxOrderQty: string | null;
    readonly perAccountJson: string | null;
  },
  knownAccounts: readonly string[],
): OrderLimits {
  const defaults = { maxOrderNotional: input.maxOrderNotional, maxOrderQty: input.maxOrderQty };
  if (input.perAccountJson === null) return { defaults, byAccount: {} };
  let json: unknown;
  try {
    json = JSON.parse(input.perAccountJson);
  } catch {
    throw new ConfigurationError('oms', ['OMS_ORDER_LIMITS: is not valid JSON']);
  }
  const parsed = perAccountSchema.safeParse(json);
  if (!parsed.success) {
    throw new ConfigurationError(
      'oms',
      parsed.error.issues.map((issue) => `OMS_ORDER_LIMITS.${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const unknown = Object.keys(parsed.data).filter((name) => !knownAccounts.includes(name));
  if (unknown.length > 0) {
    throw new ConfigurationError(
      'oms',
      unknown.map((name) => `OMS_ORDER_LIMITS.${name}: is not an account of EXCHANGE_ACCOUNTS`),
    );
  }
  const byAccount: Record<string, AccountOrderLimits> = {};
  for (const [name, limits] of Object.entries(parsed.data)) {
    byAccount[name] = {
      maxOrderNotional: limits.maxOrderNotional ?? defaults.maxOrderNotional,
      maxOrderQty: limits.maxOrderQty ?? defaults.maxOrderQty,
    };
  }
  return { defaults, byAccount };
}

export function limitsOf(limits: OrderLimits, account: string): AccountOrderLimits {
  return limits.byAccount[account] ?? limits.defaults;
}
