import { Injectable, NestMiddleware } from '@nestjs/common';
import { IncomingMessage, ServerResponse } from 'node:http';
import { withCorrelationId } from '../logging/correlation';

/**
 * Runs the rest of the request inside the correlation-id context, so code far from
 * the controller (Kafka headers, stored events) can read the id of the request.
 */
@Injectable()
export class CorrelationMiddleware implements NestMiddleware {
  use(request: IncomingMessage & { id?: unknown }, _response: ServerResponse, next: () => void): void {
    const correlationId = typeof request.id === 'string' ? request.id : undefined;
    if (correlationId) withCorrelationId(correlationId, next);
    else next();
  }
}
