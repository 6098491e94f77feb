import { join } from 'node:path';
import { z } from 'zod';
import { ExchangeAccount, parseExchangeAccounts } from '@oms/exchange';
import { DEFAULT_TOPIC_NAMES, KafkaTopicNames, prefixedTopicNames } from '@oms/kafka';
import { loadConfig, portVariable } from '@oms/platform';

const milliseconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);
const share = z.coerce.number().gt(0, 'must be above 0').max(1, 'must be at most 1');
const symbolList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((symbol) => symbol.trim())
      .filter((symbol) => symbol.length > 0),
  );

const ingestEnvironment = z
  .object({
    INGEST_HTTP_PORT: portVariable.default(3001),
    INGEST_HTTP_HOST: z.string().min(1).default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    KAFKA_BROKERS: z
      .string({ required_error: 'is required (comma-separated host:port)' })
      .min(1, 'is required (comma-separated host:port)'),
    KAFKA_TOPIC_PREFIX: z.string().min(1).optional(),
    EXCHANGE_REST_URL: z.string().url('must be a URL').optional(),
    EXCHANGE_WS_URL: z
      .string()
      .regex(/^wss?:\/\//, 'must be a ws:// or wss:// URL')
      .optional(),
    EXCHANGE_ACCOUNTS: z.string().optional(),
    EXCHANGE_API_KEY_HEADER: z.string().min(1).default('X-APIKEY'),
    EXCHANGE_SHARED_KEY_INGEST_SHARE: share.default(0.25),
    EXCHANGE_QUERY_WEIGHT_PER_SECOND: z.coerce.number().int().min(1).default(5),
    INGEST_POLL_INTERVAL_MS: milliseconds(60_000),
    INGEST_POLL_INTERVAL_SILENT_MS: milliseconds(5_000),
    INGEST_STREAM_SILENT_AFTER_MS: milliseconds(60_000),
    INGEST_POLL_LOOKBACK_MS: milliseconds(24 * 60 * 60_000),
    INGEST_FUTURES_SYMBOLS: symbolList,
    INGEST_MARK_INTERVAL_MS: milliseconds(10_000),
    INGEST_MARK_QUOTE_ASSET: z.string().min(1).default('USDT'),
    INGEST_JOURNAL_DIR: z.string().min(1).default(join('.data', 'ingest-journal')),
    INGEST_JOURNAL_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(256 * 1024 * 1024),
    INGEST_BUFFER_MAX_RECORDS: z.coerce.number().int().min(1).default(10_000),
    INGEST_BUFFER_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(2 * 1024 * 1024),
    INGEST_SPILL_AFTER_MS: z.coerce.number().int().min(1).default(1_000),
  })
  .superRefine((env, context) => {
    if (env.EXCHANGE_ACCOUNTS === undefined) return;
    // Accounts need a venue to talk to: both URLs become required.
    for (const name of ['EXCHANGE_REST_URL', 'EXCHANGE_WS_URL'] as const) {
      if (env[name] === undefined)
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: [name],
          message: 'is required with EXCHANGE_ACCOUNTS',
        });
    }
  });

export interface IngestPollSettings {
  /** Reconciliation period while the stream is alive. */
  readonly intervalMs: number;
  /** Period once the stream has been silent for `silentAfterMs` (hummingbot: 5 s after 60 s). */
  readonly silentIntervalMs: number;
  readonly silentAfterMs: number;
  /** How far back the first poll reads history and trades. */
  readonly lookbackMs: number;
  /** Perpetuals polled for history and trades besides those seen in orders and positions. */
  readonly futuresSymbols: readonly string[];
}

export interface IngestConfig {
  readonly http: { readonly port: number; readonly host: string };
  readonly logLevel: string;
  readonly kafka: { readonly brokers: readonly string[]; readonly topics: KafkaTopicNames };
  readonly exchange: {
    readonly restUrl: string | null;
    readonly streamUrl: string | null;
    readonly apiKeyHeader: string;
    readonly accounts: readonly ExchangeAccount[];
    /** Part of a shared key's weight budget ingest may use; the OMS uses the rest. */
    readonly sharedKeyIngestShare: number;
    /** The key's query weight per second at the venue (seeds: 5). */
    readonly queryWeightPerSecond: number;
  };
  readonly polls: IngestPollSettings;
  readonly marks: { readonly intervalMs: number; readonly quoteAsset: string };
  readonly journal: {
    readonly dir: string;
    readonly maxBytes: number;
    readonly bufferMaxRecords: number;
    /** Bytes (as journal lines) held in memory before spilling, whatever the count. */
    readonly bufferMaxBytes: number;
    /** A Kafka send unanswered this long spills memory to the journal. */
    readonly spillAfterMs: number;
  };
}

export function loadIngestConfig(env: NodeJS.ProcessEnv = process.env): IngestConfig {
  const parsed = loadConfig('ingest', ingestEnvironment, env);
  const accounts =
    parsed.EXCHANGE_ACCOUNTS === undefined ? [] : parseExchangeAccounts(parsed.EXCHANGE_ACCOUNTS);
  return {
    http: { port: parsed.INGEST_HTTP_PORT, host: parsed.INGEST_HTTP_HOST },
    logLevel: parsed.LOG_LEVEL,
    kafka: {
      brokers: parsed.KAFKA_BROKERS.split(',').map((broker) => broker.trim()),
      topics: parsed.KAFKA_TOPIC_PREFIX ? prefixedTopicNames(parsed.KAFKA_TOPIC_PREFIX) : DEFAULT_TOPIC_NAMES,
    },
    exchange: {
      restUrl: parsed.EXCHANGE_REST_URL ?? null,
      streamUrl: parsed.EXCHANGE_WS_URL ?? null,
      apiKeyHeader: parsed.EXCHANGE_API_KEY_HEADER,
      accounts,
      sharedKeyIngestShare: parsed.EXCHANGE_SHARED_KEY_INGEST_SHARE,
      queryWeightPerSecond: parsed.EXCHANGE_QUERY_WEIGHT_PER_SECOND,
    },
    polls: {
      intervalMs: parsed.INGEST_POLL_INTERVAL_MS,
      silentIntervalMs: parsed.INGEST_POLL_INTERVAL_SILENT_MS,
      silentAfterMs: parsed.INGEST_STREAM_SILENT_AFTER_MS,
      lookbackMs: parsed.INGEST_POLL_LOOKBACK_MS,
      futuresSymbols: parsed.INGEST_FUTURES_SYMBOLS,
    },
    marks: { intervalMs: parsed.INGEST_MARK_INTERVAL_MS, quoteAsset: parsed.INGEST_MARK_QUOTE_ASSET },
    journal: {
      dir: parsed.INGEST_JOURNAL_DIR,
      maxBytes: parsed.INGEST_JOURNAL_MAX_BYTES,
      bufferMaxRecords: parsed.INGEST_BUFFER_MAX_RECORDS,
      bufferMaxBytes: parsed.INGEST_BUFFER_MAX_BYTES,
      spillAfterMs: parsed.INGEST_SPILL_AFTER_MS,
    },
  };
}
