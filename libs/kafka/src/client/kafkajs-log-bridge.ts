import { logLevel, LogEntry } from 'kafkajs';
import { createLogger } from '@oms/platform';

const log = createLogger('kafkajs');

/** Sends kafkajs's own log lines to pino, at the matching level. */
export function kafkajsLogCreator(): (entry: LogEntry) => void {
  return ({ namespace, level, log: { message, ...extra } }) => {
    const fields = { namespace, ...extra };
    switch (level) {
      case logLevel.ERROR:
        log.error(fields, message);
        break;
      case logLevel.WARN:
        log.warn(fields, message);
        break;
      case logLevel.INFO:
        log.info(fields, message);
        break;
      case logLevel.DEBUG:
        log.debug(fields, message);
        break;
      case logLevel.NOTHING:
        break;
    }
  };
}
