import { z } from 'zod';
import { loadConfig } from '@oms/platform';

const brokerAddress = z.string().regex(/^[A-Za-z0-9.\-[\]:]+:\d{1,5}$/, 'each broker must be host:port');

/**
 * Kafka settings from the environment. KAFKA_BROKERS is required: a production app
 * never starts a broker of its own. The local stack and the tests start the project
 * broker and pass its address here.
 */
export const kafkaEnvironmentSchema = z.object({
  KAFKA_BROKERS: z
    .string({ required_error: 'is required (comma-separated host:port list of the Kafka cluster)' })
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(brokerAddress).min(1, 'must list at least one host:port')),
  KAFKA_CLIENT_ID: z.string().min(1).default('hashkey-oms'),
});

export type KafkaEnvironment = z.infer<typeof kafkaEnvironmentSchema>;

export function loadKafkaEnvironment(env: NodeJS.ProcessEnv = process.env): KafkaEnvironment {
  return loadConfig('kafka', kafkaEnvironmentSchema, env);
}
