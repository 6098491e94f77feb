import { z } from 'zod';
import { loadConfig } from '@oms/platform';

const foldEnvironment = z.object({
  KAFKA_BROKERS: z
    .string({ required_error: 'is required (comma-separated host:port of the Kafka cluster)' })
    .min(1, 'is required (comma-separated host:port of the Kafka cluster)')
    .transform((value) => value.split(',').map((broker) => broker.trim()))
    .refine(
      (brokers) => brokers.every((broker) => /^[^\s:]+:\d+$/.test(broker)),
      'must be host:port[,host:port...]',
    ),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, 'must be letters, digits, ".", "_" or "-"')
    .optional(),
  OMS_CONSUMER_GROUP: z.string().min(1).default('oms-fold'),
  /** Exchange info (contract multipliers of the perpetuals) is read from here at start. */
  EXCHANGE_REST_URL: z.string().url('must be an http(s) URL').optional(),
  /** How often a sample of aggregates is re-folded from the store and compared (0 = off). */
  OMS_FOLD_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
});

export interface FoldConfig {
  readonly kafkaBrokers: readonly string[];
  readonly topicPrefix: string | undefined;
  readonly consumerGroup: string;
  readonly exchangeRestUrl: string | null;
  readonly checkIntervalMs: number;
}

export function loadFoldConfig(env: NodeJS.ProcessEnv): FoldConfig {
  const parsed = loadConfig('oms', foldEnvironment, env);
  return {
    kafkaBrokers: parsed.KAFKA_BROKERS,
    topicPrefix: parsed.KAFKA_TOPIC_PREFIX,
    consumerGroup: parsed.OMS_CONSUMER_GROUP,
    exchangeRestUrl: parsed.EXCHANGE_REST_URL ?? null,
    checkIntervalMs: parsed.OMS_FOLD_CHECK_INTERVAL_MS,
  };
}
