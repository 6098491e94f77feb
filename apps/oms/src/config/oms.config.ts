import { z } from 'zod';
import { booleanVariable, loadConfig, portVariable } from '@oms/platform';
import { DeskConfig, loadDeskConfig } from '../desk/desk.config';
import { FoldConfig, loadFoldConfig } from '../fold/fold.config';
import { CommandsConfig, loadCommandsConfig } from '../commands/config/commands.config';

const omsEnvironment = z.object({
  DATABASE_URL: z
    .string({ required_error: 'is required (a postgres:// URL)' })
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  OMS_HTTP_PORT: portVariable.default(3000),
  OMS_HTTP_HOST: z.string().min(1).default('0.0.0.0'),
  OMS_RUN_MIGRATIONS: booleanVariable.default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface OmsConfig {
  readonly databaseUrl: string;
  readonly http: { readonly port: number; readonly host: string };
  /** Apply pending migrations at start (the schema is never synchronised from entities). */
  readonly runMigrations: boolean;
  readonly logLevel: string;
  /** Desk API: tokens, request limits, served accounts. */
  readonly desk: DeskConfig;
  /** Kafka fold: brokers, topic prefix, consumer group, exchange info URL. */
  readonly fold: FoldConfig;
  /** Desk commands to the venue (null without EXCHANGE_ACCOUNTS / EXCHANGE_REST_URL). */
  readonly commands: CommandsConfig | null;
}

export function loadOmsConfig(env: NodeJS.ProcessEnv = process.env): OmsConfig {
  const parsed = loadConfig('oms', omsEnvironment, env);
  return {
    databaseUrl: parsed.DATABASE_URL,
    http: { port: parsed.OMS_HTTP_PORT, host: parsed.OMS_HTTP_HOST },
    runMigrations: parsed.OMS_RUN_MIGRATIONS,
    logLevel: parsed.LOG_LEVEL,
    desk: loadDeskConfig(env),
    fold: loadFoldConfig(env),
    commands: loadCommandsConfig(env),
  };
}
