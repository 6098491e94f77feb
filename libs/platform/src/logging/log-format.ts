import { DestinationStream } from 'pino';
import pinoPretty from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

/**
 * JSON lines unless a person is watching: pretty when LOG_FORMAT=pretty, or when
 * LOG_FORMAT is unset and stdout is a terminal. LOG_FORMAT=json always gives JSON
 * (containers, log shippers, pipes).
 */
export function chosenLogFormat(
  env: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal = process.stdout.isTTY === true,
): LogFormat {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return stdoutIsTerminal ? 'pretty' : 'json';
}

interface PrettyLine {
  readonly service?: unknown;
  readonly component?: unknown;
  readonly [key: string]: unknown;
}

/** `[oms] OrderService: message`, so that apps sharing one terminal stay apart. */
export function prettyMessage(line: PrettyLine, messageKey: string): string {
  const service = typeof line.service === 'string' ? line.service : 'stack';
  const component = typeof line.component === 'string' ? `${line.component}: ` : '';
  const message = line[messageKey];
  return `[${service}] ${component}${typeof message === 'string' ? message : ''}`;
}

/**
 * Where log lines go: undefined for stdout as JSON, or a pino-pretty stream. The
 * lines reach it already redacted (the redaction runs on the JSON line first).
 */
export function logDestination(format: LogFormat = chosenLogFormat()): DestinationStream | undefined {
  if (format === 'json') return undefined;
  return pinoPretty({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,component',
    messageFormat: (line, messageKey) => prettyMessage(line, messageKey),
    singleLine: true,
    sync: true,
  });
}
