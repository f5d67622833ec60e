import { codeForHttpStatus } from '@wrenchlog/platform';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

const MESSAGES: Record<number, string> = {
  408: 'The request took too long to arrive.',
  413: 'The request is too large.',
  431: 'The request headers are too large.',
};

/**
 * Fastify's `clientErrorHandler`: Node refused the request before any route saw it (headers too
 * large, malformed request line, timeout). Answers on the raw socket in the house error format
 * (Fastify's own answer was `{error, message, statusCode}`: issue 25), then closes the connection.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const statusCode = statusFor(err.code);
  const correlationId = randomUUID();
  const body = JSON.stringify({
    statusCode,
    code: codeForHttpStatus(statusCode),
    message: MESSAGES[statusCode] ?? 'The request could not be read.',
    correlationId,
  });
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      'Cache-Control: no-store\r\n' +
      `X-Correlation-Id: ${correlationId}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

function statusFor(code: string | undefined): number {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    default:
      return 400;
  }
}
