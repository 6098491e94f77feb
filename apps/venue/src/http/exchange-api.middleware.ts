import { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { createLogger } from '@oms/platform';
import { VenueRuntime } from '../runtime/venue-runtime';
import { VENUE_RUNTIME } from '../runtime/venue-runtime.token';

/**
 * Hands every request of the exchange API app to the runtime's pipeline, which reads
 * the raw query and body itself (signatures cover them exactly as sent), so the app
 * runs without Nest's body parsers.
 */
@Injectable()
export class ExchangeApiMiddleware implements NestMiddleware {
  private readonly logger = createLogger('ExchangeApiMiddleware');

  constructor(@Inject(VENUE_RUNTIME) private readonly runtime: VenueRuntime) {}

  use(request: IncomingMessage, response: ServerResponse): void {
    const started = process.hrtime.bigint();
    response.on('finish', () => {
      this.logger.debug(
        {
          method: request.method,
          path: (request.url ?? '').split('?')[0],
          status: response.statusCode,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'exchange request',
      );
    });
    this.runtime.http.handle(request, response).catch((error: unknown) => {
      this.logger.error({ err: error }, 'request pipeline failed');
      if (!response.headersSent) response.writeHead(500).end();
    });
  }
}
