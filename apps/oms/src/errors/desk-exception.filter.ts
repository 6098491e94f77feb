import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { DeskAuthenticator } from '../access/desk-authenticator';
import { GraphQLError } from 'graphql';
import { DeskError, DeskErrorCode } from './desk-error';
import { deskErrorBody } from './desk-error-body';
import { httpStatusOf } from './desk-error-status';
import { toGraphQLError } from './graphql-error.formatter';
import { toDeskError } from './to-desk-error';

/** Refusals of a request body, made by the body parser before any guard has run. */
const BODY_REFUSALS: ReadonlySet<DeskErrorCode> = new Set([
  DeskErrorCode.MALFORMED_JSON,
  DeskErrorCode.PAYLOAD_TOO_LARGE,
]);

/**
 * The REST transport's one error mapping, registered globally: every thrown value
 * becomes `{"error": {...}}` with the status of its code. In a GraphQL resolver the
 * error is handed back to the GraphQL formatter instead.
 */
@Catch()
export class DeskExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(DeskExceptionFilter.name);

  constructor(private readonly authenticator: DeskAuthenticator) {}

  catch(exception: unknown, host: ArgumentsHost): GraphQLError | undefined {
    const error = toDeskError(exception);
    if (error.code === DeskErrorCode.INTERNAL_ERROR)
      this.logger.error({ err: exception }, 'desk request failed unexpectedly');
    if (host.getType<string>() === 'graphql') return toGraphQLError(error);
    const http = host.switchToHttp();
    if (BODY_REFUSALS.has(error.code)) {
      void this.answerBodyRefusal(error, http.getRequest<Request>(), http.getResponse<Response>());
      return undefined;
    }
    answer(http.getResponse<Response>(), error);
    return undefined;
  }

  /**
   * The body parser reads a body before the token is checked; a caller without a valid
   * token is still told 401 (or 429 past its allowance), never what its body lacks.
   */
  private async answerBodyRefusal(refusal: DeskError, request: Request, response: Response): Promise<void> {
    try {
      await this.authenticator.authenticate(
        request.headers.authorization,
        `${request.method} ${request.path}`,
      );
      answer(response, refusal);
    } catch (error) {
      answer(response, error instanceof DeskError ? error : toDeskError(error));
    }
  }
}

function answer(response: Response, error: DeskError): void {
  if (response.headersSent) return;
  if (error.details.retryAfterSeconds !== undefined)
    response.setHeader('Retry-After', String(error.details.retryAfterSeconds));
  response.status(httpStatusOf(error.code)).json(deskErrorBody(error));
}
