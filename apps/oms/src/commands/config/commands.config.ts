import { z } from 'zod';
import { ExchangeAccount, ExchangeAccountsError, parseExchangeAccounts, SiteFamily } from '@oms/exchange';
import { ConfigurationError } from '@oms/platform';
import { KeyBudget, omsProcessWeightPerSecond } from '../venue/shared-key-budget';
import { OrderLimits, parseOrderLimits } from './order-limits';

/**
 * Settings of the desk command path (placing, cancelling, resolving). Absent when the
 * OMS is not given the venue's address (EXCHANGE_REST_URL): it then serves reads only
 * and the command routes are not mounted.
 */
export interface CommandsConfig {
  readonly restUrl: string;
  readonly accounts: readonly ExchangeAccount[];
  readonly apiKeyHeader: string;
  readonly siteFamily: SiteFamily;
  /** Part of a shared key's weight budget left to ingest (the OMS uses the rest). */
  readonly ingestShareOfSharedKey: number;
  /** The key's weight budgets per second at this venue (seeds: 5 query, 20 order). */
  readonly keyBudget: KeyBudget;
  /** OMS processes sending with one key at once; each keeps its part of the key's budget. */
  readonly omsProcessesPerKey: number;
  /** How long a write may wait for the venue's answer before it is uncertain. */
  readonly venueTimeoutMs: number;
  /** How long the resolver looks up an uncertain order before declaring it not placed. */
  readonly resolutionWindowMs: number;
  /** Delay before the first lookup of an uncertain order (the stream often settles it first). */
  readonly firstLookupDelayMs: number;
  readonly limits: OrderLimits;
}

const positiveDecimal = z.string().regex(/^\d+(\.\d+)?$/, 'must be a plain positive decimal');

const commandsEnvironment = z.object({
  EXCHANGE_REST_URL: z.string().url('must be an http(s) URL').optional(),
  EXCHANGE_ACCOUNTS: z.string().min(1).optional(),
  EXCHANGE_API_KEY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name')
    .default('X-APIKEY'),
  EXCHANGE_SITE_FAMILY: z.enum(['professional', 'global']).default('professional'),
  EXCHANGE_SHARED_KEY_INGEST_SHARE: z.coerce
    .number()
    .min(0, 'must be between 0 and 0.9')
    .max(0.9, 'must be between 0 and 0.9')
    .default(0.25),
  EXCHANGE_QUERY_WEIGHT_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(5),
  EXCHANGE_ORDER_WEIGHT_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(20),
  EXCHANGE_OMS_PROCESSES_PER_KEY: z.coerce.number().int().min(1).max(1_000).default(1),
  OMS_VENUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  OMS_RESOLUTION_WINDOW_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  OMS_RESOLUTION_FIRST_LOOKUP_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  OMS_MAX_ORDER_NOTIONAL: positiveDecimal.optional(),
  OMS_MAX_ORDER_QTY: positiveDecimal.optional(),
  OMS_ORDER_LIMITS: z.string().min(1).optional(),
});

/** Reads the command settings; null when no venue is configured. Values are never echoed. */
export function loadCommandsConfig(env: NodeJS.ProcessEnv): CommandsConfig | null {
  const parsed = commandsEnvironment.safeParse(env);
  if (!parsed.success) {
    throw new ConfigurationError(
      'oms',
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const values = parsed.data;
  // The read side serves EXCHANGE_ACCOUNTS alone; commands also need the venue's address.
  if (values.EXCHANGE_REST_URL === undefined) return null;
  if (values.EXCHANGE_ACCOUNTS === undefined) {
    throw new ConfigurationError('oms', ['EXCHANGE_ACCOUNTS: is required when EXCHANGE_REST_URL is set']);
  }
  refuseProcessesWithoutBudget(values);
  let accounts: ExchangeAccount[];
  try {
    accounts = parseExchangeAccounts(values.EXCHANGE_ACCOUNTS);
  } catch (error) {
    if (error instanceof ExchangeAccountsError) throw new ConfigurationError('oms', [...error.problems]);
    throw error;
  }
  return {
    restUrl: values.EXCHANGE_REST_URL,
    accounts,
    apiKeyHeader: values.EXCHANGE_API_KEY_HEADER,
    siteFamily: values.EXCHANGE_SITE_FAMILY,
    ingestShareOfSharedKey: values.EXCHANGE_SHARED_KEY_INGEST_SHARE,
    keyBudget: {
      queryPerSecond: values.EXCHANGE_QUERY_WEIGHT_PER_SECOND,
      orderPerSecond: values.EXCHANGE_ORDER_WEIGHT_PER_SECOND,
    },
    omsProcessesPerKey: values.EXCHANGE_OMS_PROCESSES_PER_KEY,
    venueTimeoutMs: values.OMS_VENUE_TIMEOUT_MS,
    resolutionWindowMs: values.OMS_RESOLUTION_WINDOW_MS,
    firstLookupDelayMs: values.OMS_RESOLUTION_FIRST_LOOKUP_MS,
    limits: parseOrderLimits(
      {
        maxOrderNotional: values.OMS_MAX_ORDER_NOTIONAL ?? null,
        maxOrderQty: values.OMS_MAX_ORDER_QTY ?? null,
        perAccountJson: values.OMS_ORDER_LIMITS ?? null,
      },
      accounts.map((account) => account.name),
    ),
  };
}

/**
 * Each OMS process on a key needs at least one weight per second of each budget (a
 * lookup weighs one); more processes than that would overrun the key together.
 */
function refuseProcessesWithoutBudget(values: z.infer<typeof commandsEnvironment>): void {
  const share = {
    sharesKeyWithIngest: true,
    ingestShare: values.EXCHANGE_SHARED_KEY_INGEST_SHARE,
    omsProcessesPerKey: values.EXCHANGE_OMS_PROCESSES_PER_KEY,
  };
  const problems = (
    [
      ['EXCHANGE_QUERY_WEIGHT_PER_SECOND', values.EXCHANGE_QUERY_WEIGHT_PER_SECOND],
      ['EXCHANGE_ORDER_WEIGHT_PER_SECOND', values.EXCHANGE_ORDER_WEIGHT_PER_SECOND],
    ] as const
  )
    .filter(([, weight]) => omsProcessWeightPerSecond(weight, share) < 1)
    .map(
      ([name, weight]) =>
        `EXCHANGE_OMS_PROCESSES_PER_KEY: ${share.omsProcessesPerKey} processes leave each less than one weight per second of ${name} (${weight}, less ingest's share ${share.ingestShare})`,
    );
  if (problems.length > 0) throw new ConfigurationError('oms', problems);
}
