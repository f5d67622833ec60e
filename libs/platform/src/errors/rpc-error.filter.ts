import { Catch, Logger, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { ErrorCode, type RpcErrorPayload } from '@wrenchlog/contracts';
import { throwError, type Observable } from 'rxjs';
import { DomainError } from './domain-error.js';
import { isDatabaseUnavailable } from './transient.js';

/**
 * Turns a service's domain errors into {code, message} on the wire; a database out of reach becomes
 * UNAVAILABLE (503 at the gateway). Anything else becomes INTERNAL with a generic message; its
 * stack is logged here only, never sent to the caller.
 */
@Catch()
export class RpcDomainErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcError');

  catch(exception: unknown, host: ArgumentsHost): Observable<RpcErrorPayload> {
    return throwError(() => toRpcError(exception, host, this.logger));
  }
}

export function toRpcError(exception: unknown, host: ArgumentsHost | undefined, logger: Logger): RpcErrorPayload {
  if (exception instanceof DomainError) {
    const retryAfter = (exception as { retryAfter?: unknown }).retryAfter;
    return {
      code: exception.code,
      message: exception.message,
      ...(exception.details ? { details: exception.details } : {}),
      ...(exception.data ? { data: exception.data } : {}),
      ...(typeof retryAfter === 'number' ? { retryAfter } : {}),
    };
  }
  const pattern = host ? describePattern(host) : 'unknown';
  if (isDatabaseUnavailable(exception)) {
    logger.warn(`${pattern}: the database is unavailable: ${(exception as Error)?.message}`);
    return { code: ErrorCode.Unavailable, message: 'The database is unavailable right now. Please try again shortly.' };
  }
  logger.error(`Unhandled error in ${pattern}: ${(exception as Error)?.stack ?? String(exception)}`);
  return { code: ErrorCode.Internal, message: 'Something went wrong on our side. Please try again.' };
}

function describePattern(host: ArgumentsHost): string {
  try {
    const ctx = host.switchToRpc().getContext() as { getPattern?: () => string };
    return ctx?.getPattern?.() ?? 'rpc';
  } catch {
    return 'rpc';
  }
}
