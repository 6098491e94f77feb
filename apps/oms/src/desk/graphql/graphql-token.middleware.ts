import { Injectable, NestMiddleware } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { ACTOR_REQUEST_KEY } from '../../access/access.decorators';
import { DeskAuthenticator } from '../../access/desk-authenticator';
import { DeskError } from '../../errors/desk-error';
import { httpStatusOf } from '../../errors/desk-error-status';
import { toGraphQLError } from '../../errors/graphql-error.formatter';
import { HttpRequestLike } from './desk-graphql.context';

/**
 * Authenticates a GraphQL request over HTTP before Apollo reads it, so a request without
 * a valid token is a 401 whatever its form: Apollo refuses some forms (a GET query, a
 * text/plain body) as possible cross-site request forgery first, with a 400. The actor
 * found is handed to the GraphQL context (deskGraphqlOptions), which does not look the
 * token up again. The GraphiQL page is answered before this (GraphiqlPageMiddleware).
 */
@Injectable()
export class GraphqlTokenMiddleware implements NestMiddleware {
  constructor(private readonly authenticator: DeskAuthenticator) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    try {
      (request as unknown as HttpRequestLike)[ACTOR_REQUEST_KEY] = await this.authenticator.authenticate(
        request.headers.authorization,
        'graphql',
      );
    } catch (error) {
      if (!(error instanceof DeskError)) return next(error);
      const retryAfter = error.details.retryAfterSeconds;
      if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
      response.status(httpStatusOf(error.code)).json({ errors: [toGraphQLError(error).toJSON()] });
      return;
    }
    next();
  }
}
