import { DynamicModule } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { Options as HttpLoggerOptions } from 'pino-http';
import { CORRELATION_ID_HEADER } from '../logging/correlation';
import { logDestination } from '../logging/log-format';
import { rootLoggerOptions } from '../logging/logger';
import { registerSecretsFromEnvironment } from '../logging/secret-redaction';

function correlationIdOf(request: IncomingMessage, response: ServerResponse): string {
  const header = request.headers[CORRELATION_ID_HEADER];
  const supplied = Array.isArray(header) ? header[0] : header;
  // Accept a caller's id only when it looks like one, so logs cannot be forged or flooded.
  const correlationId = supplied && /^[\w.:-]{1,128}$/.test(supplied) ? supplied : randomUUID();
  response.setHeader(CORRELATION_ID_HEADER, correlationId);
  return correlationId;
}

/**
 * Structured request logging for a NestJS app: pino with key redaction, one
 * correlation id per request (taken from `x-correlation-id` or generated, echoed in
 * the response), health probes left out of the access log.
 */
export function structuredLoggerModule(service: string, level?: string): DynamicModule {
  registerSecretsFromEnvironment(process.env);
  const options: HttpLoggerOptions = {
    ...rootLoggerOptions(level, service),
    genReqId: correlationIdOf,
    customAttributeKeys: { reqId: 'correlationId' },
    autoLogging: { ignore: (request) => request.url === '/health' },
    serializers: {
      req: (request: { id: string; method: string; url: string }) => ({
        method: request.method,
        url: request.url,
      }),
    },
  };
  const destination = logDestination();
  return LoggerModule.forRoot({ pinoHttp: destination ? [options, destination] : options });
}
