import { ApolloServerErrorCode } from '@apollo/server/errors';
import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { DeskError, DeskErrorCode } from './desk-error';
import { graphqlCodeOf, httpStatusOf } from './desk-error-status';
import { toDeskError } from './to-desk-error';

/** A DeskError as a GraphQL error: the code in `extensions.code`, details beside it. */
export function toGraphQLError(error: DeskError): GraphQLError {
  const { field, rule, venueCode, venueMessage, retryAfterSeconds } = error.details;
  return new GraphQLError(error.message, {
    extensions: {
      code: graphqlCodeOf(error.code),
      ...(field !== undefined ? { field } : {}),
      ...(rule !== undefined ? { rule } : {}),
      ...(venueCode !== undefined ? { venueCode } : {}),
      ...(venueMessage !== undefined ? { venueMessage } : {}),
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    },
  });
}

/**
 * A DeskError that refuses the whole request before anything runs (authentication, the
 * operation type): Apollo answers with the HTTP status of its code, and with 500 when
 * the error names none.
 */
export function toGraphQLRequestError(error: DeskError): GraphQLError {
  return new GraphQLError(error.message, {
    extensions: { ...toGraphQLError(error).extensions, http: { status: httpStatusOf(error.code) } },
  });
}

function codeOf(formatted: GraphQLFormattedError): unknown {
  return formatted.extensions?.code;
}

/** The request member a refusal of Apollo's names in its message, `body` when it names none. */
function requestMemberNamedIn(message: string): string {
  return /`(query|variables|extensions|operationName)`/.exec(message)?.[1] ?? 'body';
}

/**
 * The field each of Apollo's own refusals of a request is about: the desk sent it, so it
 * is a VALIDATION_FAILED naming that field (Apollo has already set the HTTP status, 4XX).
 */
function apolloRefusalField(code: unknown, formatted: GraphQLFormattedError): string | undefined {
  switch (code) {
    case ApolloServerErrorCode.GRAPHQL_PARSE_FAILED:
    case ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED:
      return 'query';
    case ApolloServerErrorCode.BAD_USER_INPUT: {
      const variable = /^Variable "\$(\w+)"/.exec(formatted.message)?.[1];
      return variable === undefined ? 'variables' : `variables.${variable}`;
    }
    case ApolloServerErrorCode.OPERATION_RESOLUTION_FAILURE:
      return 'operationName';
    case ApolloServerErrorCode.PERSISTED_QUERY_NOT_FOUND:
    case ApolloServerErrorCode.PERSISTED_QUERY_NOT_SUPPORTED:
      return 'extensions.persistedQuery';
    case ApolloServerErrorCode.BAD_REQUEST:
      return requestMemberNamedIn(formatted.message);
    default:
      return undefined;
  }
}

const DESK_CODES: ReadonlySet<unknown> = new Set(Object.values(DeskErrorCode));

/**
 * The GraphQL transport's one error mapping (Apollo `formatError`), so that every error
 * carries a desk code (desk-api.md, "GraphQL"): a DeskError keeps its code; Apollo's own
 * refusals of the request (syntax, validation, variables, body) become VALIDATION_FAILED
 * with Apollo's code as `rule`; errors already carrying a desk code keep it; anything else
 * is mapped through toDeskError so no internal detail leaks.
 */
export function formatDeskGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  if (original instanceof DeskError) return { ...toGraphQLError(original).toJSON(), path: formatted.path };
  const code = codeOf(formatted);
  const refusedField = apolloRefusalField(code, formatted);
  if (refusedField !== undefined)
    return {
      message: formatted.message,
      ...(formatted.locations !== undefined ? { locations: formatted.locations } : {}),
      extensions: { code: DeskErrorCode.VALIDATION_FAILED, field: refusedField, rule: code },
    };
  // GraphQL's own refusal of the document (no such operation type, field or argument):
  // the request is at fault, and graphql-js messages name the part that is wrong.
  const unset = code === undefined || code === ApolloServerErrorCode.INTERNAL_SERVER_ERROR;
  if (error instanceof GraphQLError && error.originalError === undefined && unset)
    return { ...formatted, extensions: { code: DeskErrorCode.VALIDATION_FAILED, rule: 'GRAPHQL_DOCUMENT' } };
  if (DESK_CODES.has(code)) {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  const mapped = toGraphQLError(toDeskError(original));
  return { ...mapped.toJSON(), path: formatted.path, locations: formatted.locations };
}
