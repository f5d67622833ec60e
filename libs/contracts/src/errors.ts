import type { OutOfSequenceDetails } from './schedule/meter.contract.js';

// Error codes that cross the wire as {code, message}. The gateway maps each one to an HTTP status
// (libs/platform http-status.ts); adding a code here does not compile until it has a status there.
export const ErrorCode = {
  Validation: 'VALIDATION',
  BadRequest: 'BAD_REQUEST',
  Unauthorized: 'UNAUTHORIZED',
  AccountPending: 'ACCOUNT_PENDING',
  Forbidden: 'FORBIDDEN',
  /** An API token whose scopes do not cover the call (a `read` token writing). */
  InsufficientScope: 'INSUFFICIENT_SCOPE',
  /** An API token on a route that needs a signed-in session (accounts, members, tokens, admin). */
  TokenNotAllowed: 'TOKEN_NOT_ALLOWED',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  /** Well-formed but refused by a rule of the data (too many decimals for a meter). */
  Unprocessable: 'UNPROCESSABLE',
  /** A meter reading that does not fit between its neighbours; the body carries them. */
  MeterOutOfSequence: 'METER_OUT_OF_SEQUENCE',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited: 'RATE_LIMITED',
  Unavailable: 'UNAVAILABLE',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface FieldError {
  field: string;
  message: string;
}

/** What a service sends back instead of a reply when a call fails. */
export interface RpcErrorPayload {
  code: ErrorCode;
  message: string;
  details?: FieldError[];
  /** Extra facts some errors add to the HTTP body (METER_OUT_OF_SEQUENCE: `neighbours`). */
  data?: Record<string, unknown>;
  /** Seconds the caller should wait (RATE_LIMITED, UNAVAILABLE); the gateway sends it as Retry-After. */
  retryAfter?: number;
}

/** Every HTTP error body the gateway answers. */
export interface HttpErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  correlationId: string;
  errors?: FieldError[];
  /** METER_OUT_OF_SEQUENCE: the readings the refused one does not fit between. */
  neighbours?: OutOfSequenceDetails;
}
