import { ErrorCode } from '@wrenchlog/contracts';

/** The one table from error code to HTTP status. Exhaustive: a new code does not compile without a row. */
export function httpStatusFor(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.Validation:
    case ErrorCode.BadRequest:
      return 400;
    case ErrorCode.Unauthorized:
      return 401;
    case ErrorCode.AccountPending:
    case ErrorCode.Forbidden:
    case ErrorCode.InsufficientScope:
    case ErrorCode.TokenNotAllowed:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.Conflict:
      return 409;
    case ErrorCode.Unprocessable:
    case ErrorCode.MeterOutOfSequence:
      return 422;
    case ErrorCode.PayloadTooLarge:
      return 413;
    case ErrorCode.UnsupportedMediaType:
      return 415;
    case ErrorCode.RateLimited:
      return 429;
    case ErrorCode.Unavailable:
      return 503;
    case ErrorCode.Internal:
      return 500;
    default: {
      const unhandled: never = code;
      throw new Error(`No HTTP status for error code ${String(unhandled)}`);
    }
  }
}

/** The code a bare HTTP status stands for, for errors raised by the framework itself (404 route, 413 body). */
export function codeForHttpStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ErrorCode.BadRequest;
    case 401:
      return ErrorCode.Unauthorized;
    case 403:
      return ErrorCode.Forbidden;
    case 404:
      return ErrorCode.NotFound;
    case 409:
      return ErrorCode.Conflict;
    case 413:
      return ErrorCode.PayloadTooLarge;
    case 415:
      return ErrorCode.UnsupportedMediaType;
    case 429:
      return ErrorCode.RateLimited;
    case 503:
      return ErrorCode.Unavailable;
    default:
      return status >= 500 ? ErrorCode.Internal : ErrorCode.BadRequest;
  }
}
