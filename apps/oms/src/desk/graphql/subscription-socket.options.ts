import { GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import { FormattedExecutionResult, GraphQLError, parse } from 'graphql';
import { Context } from 'graphql-ws';
import { ACTOR_REQUEST_KEY } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { DeskAuthenticator } from '../../access/desk-authenticator';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { formatDeskGraphQLError, toGraphQLError } from '../../errors/graphql-error.formatter';
import { DeskGraphQLContext } from './desk-graphql.context';

type SocketContext = Context<Record<string, unknown> | undefined, unknown>;

type SocketExtra = {
  deskActor?: DeskActor;
  /** What the connection authenticated with, looked up again while it lasts. */
  authorization?: unknown;
  /** The token check of an open connection (see REVOCATION_CHECK_MS). */
  revocationCheck?: NodeJS.Timeout;
  request?: { headers: Record<string, unknown> };
  socket?: { close(code: number, reason: string): void };
};

/**
 * graphql-ws's close codes for a refused connection, as HTTP's 401 and 403: no valid
 * token is Unauthorized; anything else refused (a rate-limited token) is Forbidden, which
 * graphql-ws sends itself when onConnect answers false.
 */
const UNAUTHORIZED_CLOSE_CODE = 4401;

/**
 * How often an idle connection's token is looked up again. Each event is also checked
 * before it is sent, so a revoked token receives nothing more once the lookup says so:
 * at once for a revocation made by this process, within the token store's few seconds
 * of memory for one made by another, as REST requests are.
 */
export const REVOCATION_CHECK_MS = 1_000;

/** Thrown to withhold an event from a connection whose token is no longer valid. */
class RevokedTokenError extends Error {
  constructor() {
    super('Unauthorized');
  }
}

/**
 * A subscription whose document does not parse is refused on its own, with the desk
 * code naming the query, as over HTTP. graphql-ws parses it itself otherwise, and a
 * syntax error there (or a document nested past the call stack) closes the whole
 * connection as an internal error, ending the subscriber's other subscriptions.
 */
function refusedDocument(query: string): readonly GraphQLError[] | undefined {
  try {
    parse(query);
    return undefined;
  } catch (error) {
    const message = error instanceof GraphQLError ? error.message : 'the query is nested too deeply to read';
    return [
      toGraphQLError(
        new DeskError(DeskErrorCode.VALIDATION_FAILED, message, {
          field: 'query',
          rule: 'GRAPHQL_PARSE_FAILED',
        }),
      ),
    ];
  }
}

const formatted = (errors: readonly GraphQLError[]) =>
  errors.map((error) => formatDeskGraphQLError(error.toJSON(), error));

/**
 * graphql-ws on the GraphQL path: the token from connectionParams.authorization (or the
 * upgrade request's header) on connect, checked again while the connection lasts; every
 * error a subscriber receives carries a desk code in `extensions.code`, as over HTTP.
 */
export function subscriptionSocketOptions(authenticator: DeskAuthenticator): GraphQLWsSubscriptionsConfig {
  return {
    onConnect: async (context: SocketContext) => {
      const extra = context.extra as SocketExtra;
      const authorization =
        context.connectionParams?.authorization ??
        context.connectionParams?.Authorization ??
        extra.request?.headers.authorization;
      try {
        extra.deskActor = await authenticator.authenticate(authorization, 'graphql subscription');
      } catch (error) {
        if (error instanceof DeskError && error.code === DeskErrorCode.UNAUTHORIZED) {
          // Closed first with 4401, graphql-ws's own 4403 close that follows does nothing.
          extra.socket?.close(UNAUTHORIZED_CLOSE_CODE, 'Unauthorized');
        }
        return false;
      }
      extra.authorization = authorization;
      extra.revocationCheck = setInterval(() => {
        authenticator.isActive(authorization).then(
          (active) => {
            if (!active) extra.socket?.close(UNAUTHORIZED_CLOSE_CODE, 'Unauthorized');
          },
          // The store unreachable is no revocation: checked again next time.
          () => undefined,
        );
      }, REVOCATION_CHECK_MS);
      extra.revocationCheck.unref();
      return true;
    },
    onClose: (context: SocketContext) => {
      clearInterval((context.extra as SocketExtra).revocationCheck);
    },
    onSubscribe: (_context: SocketContext, _id: string, payload: { query: string }) =>
      refusedDocument(payload.query),
    onError: (_context: SocketContext, _id: string, _payload: unknown, errors: readonly GraphQLError[]) =>
      formatted(errors),
    onNext: async (
      context: SocketContext,
      _id: string,
      _payload: unknown,
      _args: unknown,
      result: { errors?: readonly GraphQLError[] } & Omit<FormattedExecutionResult, 'errors'>,
    ) => {
      const extra = context.extra as SocketExtra;
      // The store unreachable is no revocation, as in the periodic check.
      const active = await authenticator.isActive(extra.authorization).catch(() => true);
      if (!active) {
        extra.socket?.close(UNAUTHORIZED_CLOSE_CODE, 'Unauthorized');
        // graphql-ws sends nothing when onNext throws; its own close that follows does nothing.
        throw new RevokedTokenError();
      }
      return result.errors === undefined ? undefined : { ...result, errors: formatted(result.errors) };
    },
    context: (context: SocketContext): DeskGraphQLContext => ({
      req: { headers: {}, [ACTOR_REQUEST_KEY]: (context.extra as SocketExtra).deskActor },
    }),
    // Passed through to graphql-ws's useServer, which accepts these hooks and a context factory.
  } as GraphQLWsSubscriptionsConfig;
}
