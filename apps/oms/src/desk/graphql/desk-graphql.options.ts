import { ApolloServerPlugin } from '@apollo/server';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import { OperationTypeNode } from 'graphql';
import { Context } from 'graphql-ws';
import { ACTOR_REQUEST_KEY } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { DeskAuthenticator } from '../../access/desk-authenticator';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { formatDeskGraphQLError, toGraphQLRequestError } from '../../errors/graphql-error.formatter';

export const GRAPHQL_PATH = '/graphql';

interface HttpRequestLike {
  headers: Record<string, unknown>;
  [ACTOR_REQUEST_KEY]?: DeskActor;
}

/** The GraphQL context: `req` carries the authenticated actor for the guard and @CurrentActor. */
export interface DeskGraphQLContext {
  readonly req: HttpRequestLike;
}

type SocketExtra = {
  deskActor?: DeskActor;
  request?: { headers: Record<string, unknown> };
  socket?: { close(code: number, reason: string): void };
};

/**
 * graphql-ws's close codes for a refused connection, as HTTP's 401 and 403: no valid
 * token is Unauthorized; anything else refused (a rate-limited token) is Forbidden, which
 * graphql-ws sends itself when onConnect answers false.
 */
const UNAUTHORIZED_CLOSE_CODE = 4401;

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
      request[ACTOR_REQUEST_KEY] = await authenticated(() =>
        authenticator.authenticate(request.headers.authorization, 'graphql'),
      );
      return { req: request };
    },
    subscriptions: {
      'graphql-ws': {
        path: GRAPHQL_PATH,
        onConnect: async (context: Context<Record<string, unknown> | undefined, unknown>) => {
          const extra = context.extra as SocketExtra;
          const authorization =
            context.connectionParams?.authorization ??
            context.connectionParams?.Authorization ??
            extra.request?.headers.authorization;
          try {
            extra.deskActor = await authenticator.authenticate(authorization, 'graphql subscription');
            return true;
          } catch (error) {
            if (error instanceof DeskError && error.code === DeskErrorCode.UNAUTHORIZED) {
              // Closed first with 4401, graphql-ws's own 4403 close that follows does nothing.
              extra.socket?.close(UNAUTHORIZED_CLOSE_CODE, 'Unauthorized');
            }
            return false;
          }
        },
        context: (context: Context<Record<string, unknown> | undefined, unknown>): DeskGraphQLContext => ({
          req: { headers: {}, [ACTOR_REQUEST_KEY]: (context.extra as SocketExtra).deskActor },
        }),
        // Passed through to graphql-ws's useServer, which accepts a context factory.
      } as GraphQLWsSubscriptionsConfig,
    },
  };
}
