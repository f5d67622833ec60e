import { ACCOUNT_ROLES, ErrorCode, TOKEN_NOT_ALLOWED_MESSAGE, type Actor, type FieldError } from '@wrenchlog/contracts';

/** A rule a caller broke; crosses the wire as {code, message} and becomes a 4xx at the gateway. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    /** Extra facts for the HTTP body (METER_OUT_OF_SEQUENCE: the neighbouring readings). */
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message: string) => new DomainError(ErrorCode.NotFound, message);
export const badRequest = (message: string, details?: FieldError[]) => new DomainError(ErrorCode.BadRequest, message, details);
export const validationFailed = (message: string, details?: FieldError[]) => new DomainError(ErrorCode.Validation, message, details);
/** 422: well-formed input a rule of the data refuses (a meter reading with too many decimals). */
export const unprocessable = (message: string, details?: FieldError[]) => new DomainError(ErrorCode.Unprocessable, message, details);
export const conflict = (message: string) => new DomainError(ErrorCode.Conflict, message);
export const forbidden = (message = 'You do not have permission to do this') => new DomainError(ErrorCode.Forbidden, message);
export const unauthorized = (message = 'Authentication required') => new DomainError(ErrorCode.Unauthorized, message);
export const unavailable = (message: string) => new DomainError(ErrorCode.Unavailable, message);

/** 429 with Retry-After (whole seconds, at least 1); the seconds cross the wire with the error. */
export const tooManyRequests = (message: string, retryAfterSeconds: number): DomainError & { retryAfter: number } =>
  Object.assign(new DomainError(ErrorCode.RateLimited, message), { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) });

/** The caller of a user-scoped call; a message without one never reaches user data. */
export function requireActor(actor: Actor | null | undefined): Actor {
  if (!actor || !Number.isInteger(actor.userId) || actor.userId <= 0) {
    throw unauthorized();
  }
  // A message from before accounts (an outbox or queue at the upgrade) acts in the user's own
  // account, whose id is the user's id, as its owner.
  if (actor.accountId === undefined && actor.role === undefined) {
    return { ...actor, accountId: actor.userId, role: 'owner' };
  }
  if (!Number.isInteger(actor.accountId) || actor.accountId <= 0 || !ACCOUNT_ROLES.includes(actor.role)) {
    throw unauthorized();
  }
  return actor;
}

/** Admin calls are checked in the gateway and again here, in the service. */
export function requireAdmin(actor: Actor | null | undefined): Actor {
  const caller = requireActor(actor);
  if (caller.token) {
    throw new DomainError(ErrorCode.TokenNotAllowed, TOKEN_NOT_ALLOWED_MESSAGE);
  }
  if (caller.adminLevel <= 0) {
    throw forbidden('Administrator rights are required');
  }
  return caller;
}
