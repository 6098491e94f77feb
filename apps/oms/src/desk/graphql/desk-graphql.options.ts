import { ApolloServerPlugin } from '@apollo/server';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { OperationTypeNode } from 'graphql';
import { ACTOR_REQUEST_KEY } from '../../access/access.decorators';
import { DeskAuthenticator } from '../../access/desk-authenticator';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { formatDeskGraphQLError, toGraphQLRequestError } from '../../errors/graphql-error.formatter';
import { DeskGraphQLContext, HttpRequestLike } from './desk-graphql.context';
import { subscriptionSocketOptions } from './subscription-socket.options';

export const GRAPHQL_PATH = '/graphql';

async function authenticated<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // A DeskError here stops the whole request: Apollo answers with its HTTP status (401/429).
    throw error instanceof DeskError ? toGraphQLRequestError(error) : error;
  }
}

/**
 * Refuses a subscription sent over HTTP before it runs: graphql-ws serves subscriptions,
 * and executed once over HTTP one would fail inside its resolver, as an internal error.
 */
const subscriptionsOnlyOverGraphqlWs: ApolloServerPlugin<DeskGraphQLContext> = {
  requestDidStart: () =>
    Promise.resolve({
      didResolveOperation: ({ operation }) =>
        operation?.operation === OperationTypeNode.SUBSCRIPTION
          ? Promise.reject(
              toGraphQLRequestError(
                new DeskError(
                  DeskErrorCode.VALIDATION_FAILED,
                  `subscriptions use the graphql-ws protocol (a WebSocket) on ${GRAPHQL_PATH}, not an HTTP request`,
                  { field: 'query', rule: 'SUBSCRIPTION_OVER_HTTP' },
                ),
              ),
            )
          : Promise.resolve(),
    }),
};

/**
 * GraphQL code-first (schema generated in memory from every resolver in the app, so
 * resolvers of other modules join it), Apollo on /graphql with graphql-ws
 * subscriptions on the same path. Tokens: the Authorization header, or
 * connectionParams.authorization for subscriptions. No landing page from a CDN: the
 * GraphiQL page is served from installed packages (GraphiqlPageMiddleware).
 */
export function deskGraphqlOptions(authenticator: DeskAuthenticator): ApolloDriverConfig {
  return {
    driver: ApolloDriver,
    path: GRAPHQL_PATH,
    autoSchemaFile: true,
    sortSchema: true,
    playground: false,
    introspection: true,
    formatError: formatDeskGraphQLError,
    plugins: [subscriptionsOnlyOverGraphqlWs],
    context: async ({ req }: { req?: HttpRequestLike }): Promise<DeskGraphQLContext> => {
      const request = req ?? { headers: {} };
      // GraphqlTokenMiddleware has found the actor of every request over HTTP.
      request[ACTOR_REQUEST_KEY] ??= await authenticated(() =>
        authenticator.authenticate(request.headers.authorization, 'graphql'),
      );
      return { req: request };
    },
    subscriptions: {
      'graphql-ws': { path: GRAPHQL_PATH, ...subscriptionSocketOptions(authenticator) },
    },
  };
}
