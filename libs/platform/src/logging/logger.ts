import pino, { Logger, LoggerOptions } from 'pino';
import { currentServiceName } from './service-scope';

/**
 * Paths redacted from every log line: key material and signatures must never reach
 * the logs, whichever object they travel in.
 */
export const REDACTED_LOG_PATHS: readonly string[] = [
  '*.apiSecret',
  '*.secret',
  '*.secretKey',
  '*.privateKey',
  '*.privateKeyPem',
  '*.password',
  '*.signature',
  '*.apiKey',
  'apiSecret',
  'secret',
  'secretKey',
  'privateKey',
  'privateKeyPem',
  'password',
  'signature',
  'apiKey',
  'req.headers["x-apikey"]',
  'req.headers["x-hk-apikey"]',
  'req.headers.authorization',
  'headers["x-apikey"]',
  'headers["x-hk-apikey"]',
];

/**
 * Options shared by every logger of the project. `service` names the app when the log
 * line is written outside any runAsService scope; the scope wins when there is one.
 */
export function rootLoggerOptions(
  level: string = process.env.LOG_LEVEL ?? 'info',
  service?: string,
): LoggerOptions {
  return {
    level,
    base: null,
    mixin: () => {
      const name = currentServiceName() ?? service;
      return name === undefined ? {} : { service: name };
    },
    redact: { paths: [...REDACTED_LOG_PATHS], censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

let root: Logger | undefined;

/** The process-wide root logger (structured JSON on stdout). */
export function rootLogger(): Logger {
  root ??= pino(rootLoggerOptions());
  return root;
}

/** A logger per component; `component` names the class or module that logs. */
export function createLogger(component: string, bindings: Record<string, unknown> = {}): Logger {
  return rootLogger().child({ component, ...bindings });
}

export type { Logger };
