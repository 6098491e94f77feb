import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Response } from 'express';
import { GraphQLError } from 'graphql';
import { DeskErrorCode } from './desk-error';
import { deskErrorBody } from './desk-error-body';
import { httpStatusOf } from './desk-error-status';
import { toGraphQLError } from './graphql-error.formatter';
import { toDeskError } from './to-desk-error';

/**
 * The REST transport's one error mapping, registered globally: every thrown value
 * becomes `{"error": {...}}` with the status of its code. In a GraphQL resolver the
 * error is handed back to the GraphQL formatter instead.
 */
@Catch()
export class DeskExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(DeskExceptionFilter.name);

  catch(exception: unknown, host: ArgumentsHost): GraphQLError | undefined {
    const error = toDeskError(exception);
    if (error.code === DeskErrorCode.INTERNAL_ERROR)
      this.logger.error({ err: exception }, 'desk request failed unexpectedly');
    if (host.getType<string>() === 'graphql') return toGraphQLError(error);
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return undefined;
    if (error.details.retryAfterSeconds !== undefined)
      response.setHeader('Retry-After', String(error.details.retryAfterSeconds));
    response.status(httpStatusOf(error.code)).json(deskErrorBody(error));
    return undefined;
  }
}
