import { z } from 'zod';
import { loadConfig } from '@oms/platform';

const brokerAddress = z.string().regex(/^[A-Za-z0-9.\-[\]:]+:\d{1,5}$/, 'each broker must be host:port');

/** Kafka settings from the environment. Without KAFKA_BROKERS the project broker is used. */
export const kafkaEnvironmentSchema = z.object({
  KAFKA_BROKERS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ?.split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(brokerAddress).min(1, 'must list at least one host:port').optional()),
  KAFKA_CLIENT_ID: z.string().min(1).default('hashkey-oms'),
  /** Where the project broker keeps its data when it is started in-process. */
  KAFKA_LOCAL_DATA_DIR: z.string().min(1).default('.data/kafka'),
  KAFKA_LOCAL_PORT: z.coerce.number().int().min(0).max(65535).default(9092),
});

export type KafkaEnvironment = z.infer<typeof kafkaEnvironmentSchema>;

export function loadKafkaEnvironment(env: NodeJS.ProcessEnv = process.env): KafkaEnvironment {
  return loadConfig('kafka', kafkaEnvironmentSchema, env);
}
