import { ApolloServerErrorCode } from '@apollo/server/errors';
import { GraphQLError, GraphQLFormattedError } from 'graphql';
import { DeskError, DeskErrorCode } from './desk-error';
import { formatDeskGraphQLError, toGraphQLRequestError } from './graphql-error.formatter';

/** An error as Apollo hands it to formatError: formatted, and the error it came from. */
function format(message: string, code: string | undefined, originalError?: Error): GraphQLFormattedError {
  const error = new GraphQLError(message, {
    ...(originalError !== undefined ? { originalError } : {}),
    extensions: code !== undefined ? { code } : {},
  });
  return formatDeskGraphQLError(error.toJSON(), error);
}

describe('formatDeskGraphQLError', () => {
  it.each([
    [ApolloServerErrorCode.GRAPHQL_PARSE_FAILED, 'Syntax Error: Expected Name, found <EOF>.', 'query'],
    [ApolloServerErrorCode.GRAPHQL_VALIDATION_FAILED, 'Cannot query field "nope" on type "Query".', 'query'],
    [ApolloServerErrorCode.BAD_USER_INPUT, 'Variable "$l" got invalid value "ten"', 'variables.l'],
    [ApolloServerErrorCode.BAD_REQUEST, 'GraphQL operations must contain a non-empty `query`', 'query'],
    [ApolloServerErrorCode.BAD_REQUEST, 'POST body missing, invalid Content-Type', 'body'],
  ])(
    'answers Apollo %s (%s) as VALIDATION_FAILED naming %s, the Apollo code as rule',
    (code, message, field) => {
      expect(format(message, code, new Error(message)).extensions).toEqual({
        code: DeskErrorCode.VALIDATION_FAILED,
        field,
        rule: code,
      });
    },
  );

  it('keeps the code of a DeskError', () => {
    const refusal = new DeskError(DeskErrorCode.INVALID_CURSOR, 'bad cursor', { field: 'cursor' });
    expect(format('bad cursor', undefined, refusal).extensions).toEqual({
      code: 'INVALID_CURSOR',
      field: 'cursor',
    });
  });

  it('hides an unexpected fault as INTERNAL_ERROR', () => {
    const formatted = format(
      'connect to postgres://oms:s3cret@db failed',
      'INTERNAL_SERVER_ERROR',
      new Error('s3cret'),
    );
    expect(formatted.extensions?.code).toBe(DeskErrorCode.INTERNAL_ERROR);
    expect(JSON.stringify(formatted)).not.toContain('s3cret');
  });
});

describe('toGraphQLRequestError', () => {
  it('carries the HTTP status of its code for Apollo', () => {
    const limited = toGraphQLRequestError(new DeskError(DeskErrorCode.RATE_LIMITED, 'slow down'));
    expect(limited.extensions).toMatchObject({ code: 'RATE_LIMITED', http: { status: 429 } });
  });
});
