import { Server, STATUS_CODES } from 'node:http';
import { Duplex } from 'node:stream';
import { DeskError, DeskErrorCode } from './desk-error';
import { deskErrorBody } from './desk-error-body';
import { httpStatusOf } from './desk-error-status';

/** What a request the HTTP parser could not read is refused as, by the parser's error code. */
function refusalOf(code: string | undefined): DeskError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new DeskError(
        DeskErrorCode.HEADERS_TOO_LARGE,
        'the request line and headers are larger than the OMS reads',
        { field: 'headers' },
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new DeskError(DeskErrorCode.REQUEST_TIMEOUT, 'the request did not arrive whole in time');
    default:
      return new DeskError(DeskErrorCode.MALFORMED_REQUEST, 'the request is not HTTP the OMS can read');
  }
}

/**
 * Answers a request Node's HTTP parser refuses before any route sees it (headers or URL
 * too long, a bad Content-Length or chunk, a timeout) with the desk API's error body.
 * Node's own answer is a bare status line with no body.
 */
export function answerUnreadableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const refusal = refusalOf(error.code);
    const status = httpStatusOf(refusal.code);
    const body = JSON.stringify(deskErrorBody(refusal));
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
