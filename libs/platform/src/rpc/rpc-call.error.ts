import { ErrorCode, type FieldError, type RpcErrorPayload } from '@wrenchlog/contracts';

/** A call to another service failed with {code, message}; the gateway maps it to HTTP. */
export class RpcCallError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    /** Seconds to wait before trying again, when the service said so (sent as Retry-After). */
    readonly retryAfter?: number,
    /** Extra facts for the HTTP body, as the service sent them. */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'RpcCallError';
  }

  static from(err: unknown, pattern: string): RpcCallError {
    if (err instanceof RpcCallError) {
      return err;
    }
    if (isErrorPayload(err)) {
      const retryAfter = typeof err.retryAfter === 'number' && err.retryAfter > 0 ? err.retryAfter : undefined;
      const data = typeof err.data === 'object' && err.data !== null && !Array.isArray(err.data) ? err.data : undefined;
      return new RpcCallError(err.code, err.message, err.details, retryAfter, data);
    }
    if (err instanceof Error && err.name === 'TimeoutError') {
      return new RpcCallError(ErrorCode.Unavailable, `The service behind ${pattern} did not answer in time. Please try again.`);
    }
    // Connection refused, broker down, socket closed: the call never reached a handler.
    return new RpcCallError(ErrorCode.Unavailable, `The service behind ${pattern} is unavailable. Please try again shortly.`);
  }
}

const codes = new Set<string>(Object.values(ErrorCode));

function isErrorPayload(err: unknown): err is RpcErrorPayload {
  return (
    typeof err === 'object' &&
    err !== null &&
    typeof (err as RpcErrorPayload).code === 'string' &&
    codes.has((err as RpcErrorPayload).code) &&
    typeof (err as RpcErrorPayload).message === 'string'
  );
}
