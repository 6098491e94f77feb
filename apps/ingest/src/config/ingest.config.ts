import { z } from 'zod';
import { loadConfig, portVariable } from '@oms/platform';

const ingestEnvironment = z.object({
  INGEST_HTTP_PORT: portVariable.default(3001),
  INGEST_HTTP_HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface IngestConfig {
  readonly http: { readonly port: number; readonly host: string };
  readonly logLevel: string;
}

export function loadIngestConfig(env: NodeJS.ProcessEnv = process.env): IngestConfig {
  const parsed = loadConfig('ingest', ingestEnvironment, env);
  return {
    http: { port: parsed.INGEST_HTTP_PORT, host: parsed.INGEST_HTTP_HOST },
    logLevel: parsed.LOG_LEVEL,
  };
}
