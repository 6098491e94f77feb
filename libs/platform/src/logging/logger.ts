import pino, { Logger, LoggerOptions } from 'pino';
import { logDestination } from './log-format';
import { redactLogLine, registerSecretsFromEnvironment } from './secret-redaction';
import { currentServiceName } from './service-scope';

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
    // Secrets are removed from the finished line, at any depth (see secret-redaction.ts).
    hooks: { streamWrite: redactLogLine },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}

let root: Logger | undefined;

/** The process-wide root logger: JSON lines on stdout, or pretty in a terminal (log-format.ts). */
export function rootLogger(): Logger {
  if (root) return root;
  registerSecretsFromEnvironment(process.env);
  const destination = logDestination();
  root = destination ? pino(rootLoggerOptions(), destination) : pino(rootLoggerOptions());
  return root;
}

/** A logger per component; `component` names the class or module that logs. */
export function createLogger(component: string, bindings: Record<string, unknown> = {}): Logger {
  return rootLogger().child({ component, ...bindings });
}

export type { Logger };
