import { z } from 'zod';
import { loadConfig, portVariable } from '@oms/platform';

const positiveInteger = z.coerce.number().int().positive();
const nonNegativeInteger = z.coerce.number().int().min(0);

/**
 * Everything the simulated venue needs at boot, validated once. Defaults follow the
 * seeds (recvWindow 5000/8000, 5 query and 20 order requests per second, 60 s
 * suspension after a 429) and facts.md (listenKey valid 60 minutes, server JSON ping
 * every 30 s on the private stream).
 */
export const venueConfigSchema = z.object({
  VENUE_HOST: z.string().min(1).default('127.0.0.1'),
  VENUE_PORT: portVariable.default(8080),
  VENUE_CONTROL_PORT: portVariable.default(8081),
  VENUE_SEED: z.coerce.number().int().default(42),
  /** The seeds name `X-APIKEY`; real clients send `X-HK-APIKEY`. Both are always accepted. */
  VENUE_KEY_HEADER: z.enum(['X-APIKEY', 'X-HK-APIKEY']).default('X-APIKEY'),
  VENUE_DEMO_API_KEY: z
    .string()
    .min(16)
    .default('venuedemoapikey0000000000000000000000000000000000000000000000001'),
  VENUE_DEMO_SECRET_KEY: z
    .string()
    .min(16)
    .default('venuedemosecret00000000000000000000000000000000000000000000000001'),
  /** A read-only key of the demo user, for a reader (ingest) with a weight budget of its own. */
  VENUE_DEMO_READ_ONLY_API_KEY: z
    .string()
    .min(16)
    .default('venuedemoreadonlykey0000000000000000000000000000000000000000001'),
  VENUE_DEMO_READ_ONLY_SECRET_KEY: z
    .string()
    .min(16)
    .default('venuedemoreadonlysecret0000000000000000000000000000000000000001'),
  VENUE_DEMO_USDT: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a decimal string')
    .default('1000000'),
  VENUE_DEMO_BTC: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a decimal string')
    .default('10'),
  VENUE_DEMO_ETH: z
    .string()
    .regex(/^\d+(\.\d+)?$/, 'must be a decimal string')
    .default('100'),
  VENUE_QUERY_WEIGHT_PER_SECOND: positiveInteger.default(5),
  VENUE_ORDER_WEIGHT_PER_SECOND: positiveInteger.default(20),
  VENUE_RATE_LIMIT_SUSPENSION_MS: positiveInteger.default(60_000),
  /** Requests a suspended key may still send before it earns a 418. */
  VENUE_REQUESTS_BEFORE_BAN: nonNegativeInteger.default(10),
  VENUE_BAN_MS: positiveInteger.default(300_000),
  VENUE_LISTEN_KEY_TTL_MS: positiveInteger.default(3_600_000),
  VENUE_STREAM_PING_INTERVAL_MS: positiveInteger.default(30_000),
  /** Period of the public market-data pushes (depth snapshots, new trades, tickers). */
  VENUE_PUBLIC_PUSH_INTERVAL_MS: positiveInteger.default(300),
  VENUE_SIMULATED_MARKET: z.enum(['on', 'off']).default('on'),
  VENUE_MARKET_TICK_MS: positiveInteger.default(1_000),
  /**
   * Funding settled by a timer at every advertised settlement time. Unset leaves the
   * choice to the host: on for the standalone venue, off in-process (tests, local stack).
   */
  VENUE_FUNDING_SCHEDULE: z.enum(['on', 'off']).optional(),
  /** Period of the settlement times, from the Unix epoch; eight hours as on the exchange. */
  VENUE_FUNDING_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1_000, 'must be at least 1000 ms')
    .default(28_800_000),
});

export type VenueEnvironment = z.infer<typeof venueConfigSchema>;

export interface VenueConfig {
  readonly host: string;
  readonly port: number;
  readonly controlPort: number;
  readonly seed: number;
  readonly keyHeader: 'X-APIKEY' | 'X-HK-APIKEY';
  readonly demo: {
    readonly apiKey: string;
    readonly secretKey: string;
    /** May query, not trade or transfer. */
    readonly readOnlyKey: { readonly apiKey: string; readonly secretKey: string };
    readonly deposits: Readonly<Record<string, string>>;
  };
  readonly limits: {
    readonly queryWeightPerSecond: number;
    readonly orderWeightPerSecond: number;
    readonly suspensionMs: number;
    readonly requestsBeforeBan: number;
    readonly banMs: number;
  };
  readonly stream: {
    readonly listenKeyTtlMs: number;
    readonly pingIntervalMs: number;
    readonly publicPushIntervalMs: number;
  };
  readonly market: {
    readonly simulated: boolean;
    readonly tickMs: number;
  };
  readonly funding: {
    /** Whether a timer settles funding at each settlement time; undefined: the host's default. */
    readonly scheduled: boolean | undefined;
    readonly intervalMs: number;
  };
}

export function toVenueConfig(environment: VenueEnvironment): VenueConfig {
  return {
    host: environment.VENUE_HOST,
    port: environment.VENUE_PORT,
    controlPort: environment.VENUE_CONTROL_PORT,
    seed: environment.VENUE_SEED,
    keyHeader: environment.VENUE_KEY_HEADER,
    demo: {
      apiKey: environment.VENUE_DEMO_API_KEY,
      secretKey: environment.VENUE_DEMO_SECRET_KEY,
      readOnlyKey: {
        apiKey: environment.VENUE_DEMO_READ_ONLY_API_KEY,
        secretKey: environment.VENUE_DEMO_READ_ONLY_SECRET_KEY,
      },
      deposits: {
        USDT: environment.VENUE_DEMO_USDT,
        BTC: environment.VENUE_DEMO_BTC,
        ETH: environment.VENUE_DEMO_ETH,
      },
    },
    limits: {
      queryWeightPerSecond: environment.VENUE_QUERY_WEIGHT_PER_SECOND,
      orderWeightPerSecond: environment.VENUE_ORDER_WEIGHT_PER_SECOND,
      suspensionMs: environment.VENUE_RATE_LIMIT_SUSPENSION_MS,
      requestsBeforeBan: environment.VENUE_REQUESTS_BEFORE_BAN,
      banMs: environment.VENUE_BAN_MS,
    },
    stream: {
      listenKeyTtlMs: environment.VENUE_LISTEN_KEY_TTL_MS,
      pingIntervalMs: environment.VENUE_STREAM_PING_INTERVAL_MS,
      publicPushIntervalMs: environment.VENUE_PUBLIC_PUSH_INTERVAL_MS,
    },
    market: {
      simulated: environment.VENUE_SIMULATED_MARKET === 'on',
      tickMs: environment.VENUE_MARKET_TICK_MS,
    },
    funding: {
      scheduled:
        environment.VENUE_FUNDING_SCHEDULE === undefined
          ? undefined
          : environment.VENUE_FUNDING_SCHEDULE === 'on',
      intervalMs: environment.VENUE_FUNDING_INTERVAL_MS,
    },
  };
}

/** Loads the venue configuration from the environment, failing fast with named problems. */
export function loadVenueConfig(environment: NodeJS.ProcessEnv = process.env): VenueConfig {
  // In a container (NODE_ENV=production, as the Dockerfile sets) the other services reach
  // the venue over the container network, so it listens on every interface by default.
  const host = environment.VENUE_HOST ?? (environment.NODE_ENV === 'production' ? '0.0.0.0' : undefined);
  return toVenueConfig(loadConfig('venue', venueConfigSchema, { ...environment, VENUE_HOST: host }));
}
