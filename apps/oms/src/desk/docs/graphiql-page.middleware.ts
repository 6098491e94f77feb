import { Injectable, NestMiddleware } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { GRAPHQL_PATH } from '../graphql/desk-graphql.options';
import { graphiqlPage } from './graphiql-page';

/**
 * Answers a browser's GET of /graphql with the GraphiQL page (public); every other
 * request on the path (queries, GET queries by tools) goes on to the GraphQL server.
 */
@Injectable()
export class GraphiqlPageMiddleware implements NestMiddleware {
  private readonly page = graphiqlPage(GRAPHQL_PATH);

  use(request: Request, response: Response, next: NextFunction): void {
    const wantsPage =
      request.method === 'GET' && request.accepts(['application/json', 'text/html']) === 'text/html';
    if (!wantsPage) return next();
    response.type('html').send(this.page);
  }
}
