import { HttpException } from '@nestjs/common';
import { DeskError, DeskErrorCode } from './desk-error';

/** What body-parser and http-errors attach to the errors they raise. */
interface ParserFault {
  readonly type?: unknown;
  readonly status?: unknown;
}

/**
 * Nest turns body-parser's SyntaxError (bad JSON) and express's URIError (a path with
 * bad percent-encoding) into a bare BadRequestException carrying their message.
 */
function fromBareBadRequest(exception: HttpException): DeskError {
  const message = exception.message;
  if (/URI|decode/i.test(message))
    return new DeskError(DeskErrorCode.VALIDATION_FAILED, 'the path is not valid percent-encoding', {
      field: 'path',
    });
  if (/JSON|Unexpected|position|token/i.test(message))
    return new DeskError(DeskErrorCode.MALFORMED_JSON, 'the request body is not valid JSON', {
      field: 'body',
    });
  return new DeskError(DeskErrorCode.VALIDATION_FAILED, 'the request is invalid', { field: 'body' });
}

function fromHttpException(exception: HttpException): DeskError {
  const status = exception.getStatus();
  switch (status) {
    case 400:
      return fromBareBadRequest(exception);
    case 404:
      return new DeskError(DeskErrorCode.NOT_FOUND, 'no such route', { field: 'path' });
    case 405:
      return new DeskError(DeskErrorCode.METHOD_NOT_ALLOWED, 'this method is not allowed on this route', {
        field: 'method',
      });
    case 413:
      return new DeskError(DeskErrorCode.PAYLOAD_TOO_LARGE, 'the request body is too large', {
        field: 'body',
      });
    case 401:
      return new DeskError(DeskErrorCode.UNAUTHORIZED, 'a valid desk token is required', {
        field: 'authorization',
      });
    case 403:
      return new DeskError(DeskErrorCode.FORBIDDEN, 'this token may not do this', { rule: 'ROLE' });
    case 429:
      return new DeskError(DeskErrorCode.RATE_LIMITED, 'too many requests', { rule: 'REQUESTS_PER_MINUTE' });
    default:
      if (status >= 400 && status < 500)
        return new DeskError(DeskErrorCode.VALIDATION_FAILED, 'the request is invalid', {
          rule: `HTTP_${status}`,
        });
      return new DeskError(DeskErrorCode.INTERNAL_ERROR, 'the OMS could not answer this request');
  }
}

/**
 * Any thrown value as a DeskError, so that each transport maps one type only. Faults
 * raised before a handler runs (body parsing, routing) become their own codes; anything
 * unexpected becomes INTERNAL_ERROR without its detail (it may carry secrets).
 */
export function toDeskError(exception: unknown): DeskError {
  if (exception instanceof DeskError) return exception;
  if (exception instanceof HttpException) return fromHttpException(exception);
  const fault = (exception ?? {}) as ParserFault;
  if (fault.type === 'entity.parse.failed')
    return new DeskError(DeskErrorCode.MALFORMED_JSON, 'the request body is not valid JSON', {
      field: 'body',
    });
  if (fault.type === 'entity.too.large')
    return new DeskError(DeskErrorCode.PAYLOAD_TOO_LARGE, 'the request body is too large', { field: 'body' });
  if (typeof fault.status === 'number' && fault.status >= 400 && fault.status < 500)
    return new DeskError(DeskErrorCode.VALIDATION_FAILED, 'the request could not be read', {
      field: 'body',
      rule: typeof fault.type === 'string' ? fault.type : `HTTP_${fault.status}`,
    });
  return new DeskError(DeskErrorCode.INTERNAL_ERROR, 'the OMS could not answer this request');
}
