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
      // Apollo answers with this status when the error stops the whole request (401).
      ...(httpStatusOf(error.code) === 401 ? { http: { status: 401 } } : {}),
    },
  });
}

function codeOf(formatted: GraphQLFormattedError): unknown {
  return formatted.extensions?.code;
}

/**
 * The GraphQL transport's one error mapping (Apollo `formatError`): errors already
 * mapped keep their code; GraphQL's own (syntax, validation) keep Apollo's code; anything
 * else is mapped through toDeskError so no internal detail leaks.
 */
export function formatDeskGraphQLError(
  formatted: GraphQLFormattedError,
  error: unknown,
): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  if (original instanceof DeskError) return { ...toGraphQLError(original).toJSON(), path: formatted.path };
  // GraphQL's own refusal of the document (no such operation type, field or argument):
  // the request is at fault, and graphql-js messages name the part that is wrong.
  const unset = codeOf(formatted) === undefined || codeOf(formatted) === 'INTERNAL_SERVER_ERROR';
  if (error instanceof GraphQLError && error.originalError === undefined && unset)
    return { ...formatted, extensions: { code: DeskErrorCode.VALIDATION_FAILED, rule: 'GRAPHQL_DOCUMENT' } };
  const code = codeOf(formatted);
  if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  const mapped = toGraphQLError(toDeskError(original));
  return { ...mapped.toJSON(), path: formatted.path, locations: formatted.locations };
}
