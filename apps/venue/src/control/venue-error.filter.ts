import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import { createLogger } from '@oms/platform';
import { ApiKeyRegistryError } from '../auth/api-key-registry';
import { isVenueEngineError } from '../engine';

/**
 * Maps errors of the control plane to JSON answers: engine errors keep the exchange's
 * code and message, key errors and validation errors name the field, anything else is
 * a logged 500 that never takes the process down.
 */
/** The part of Express's response the filter uses (Express ships no types here). */
interface JsonResponse {
  status(code: number): { json(body: unknown): void };
}

@Catch()
export class ControlPlaneErrorFilter implements ExceptionFilter {
  private readonly logger = createLogger('ControlPlaneErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<JsonResponse>();
    if (error instanceof HttpException) {
      response.status(error.getStatus()).json(error.getResponse());
      return;
    }
    if (isVenueEngineError(error)) {
      response
        .status(400)
        .json({ statusCode: 400, code: error.code, message: error.msg, field: error.field });
      return;
    }
    if (error instanceof ApiKeyRegistryError) {
      response.status(400).json({ statusCode: 400, message: error.message });
      return;
    }
    this.logger.error({ err: error }, 'unexpected control plane error');
    response.status(500).json({ statusCode: 500, message: 'internal error' });
  }
}
