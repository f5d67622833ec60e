import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { ErrorCode, type FieldError, type HttpErrorBody } from '@wrenchlog/contracts';
import { codeForHttpStatus, DomainError, httpStatusFor, RpcCallError } from '@wrenchlog/platform';
import type { FastifyReply } from 'fastify';
import type { GatewayRequest } from './request-context.js';
import type { SpaFallback } from '../web/spa-fallback.js';

interface Mapped {
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
  status?: number;
  data?: Record<string, unknown>;
}

/** Every error the API answers has the shape {statusCode, code, message, correlationId}. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  constructor(private readonly spa?: SpaFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<GatewayRequest>();
    const reply = http.getResponse<FastifyReply>();
    const mapped = this.map(exception);
    const statusCode = mapped.status ?? httpStatusFor(mapped.code);

    // Client routes of the SPA (/dashboard, /machines/7) are not API routes: answer index.html.
    if (statusCode === 404 && this.spa?.serves(req)) {
      this.spa.send(reply);
      return;
    }
    if (statusCode >= 500) {
      this.logger.error(`${req.method} ${req.url} -> ${statusCode} [${req.correlationId}]: ${describe(exception)}`);
    }
    const retryAfter = (exception as { retryAfter?: unknown })?.retryAfter;
    if (typeof retryAfter === 'number') {
      void reply.header('retry-after', String(retryAfter));
    } else if (statusCode === 503) {
      void reply.header('retry-after', '5');
    }
    const body: HttpErrorBody = {
      // Extra facts first, so they can never replace the house fields.
      ...mapped.data,
      statusCode,
      code: mapped.code,
      message: mapped.message,
      correlationId: req.correlationId,
      ...(mapped.errors?.length ? { errors: mapped.errors } : {}),
    };
    void reply.status(statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private map(exception: unknown): Mapped {
    if (exception instanceof RpcCallError || exception instanceof DomainError) {
      return { code: exception.code, message: exception.message, errors: exception.details, data: exception.data };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'string'
          ? response
          : Array.isArray((response as { message?: unknown }).message)
            ? (response as { message: string[] }).message.join('; ')
            : String((response as { message?: unknown }).message ?? exception.message);
      return { code: codeForHttpStatus(status), message: status === 404 ? 'Not found' : message, status };
    }
    // Fastify's own errors (body too large, bad JSON, unsupported content type) carry a statusCode.
    const status = (exception as { statusCode?: number })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return { code: codeForHttpStatus(status), message: fastifyMessage(status, exception as Error), status };
    }
    return { code: ErrorCode.Internal, message: 'Something went wrong on our side. Please try again.' };
  }
}

function fastifyMessage(status: number, err: Error): string {
  switch (status) {
    case 413:
      return 'The request is too large.';
    case 415:
      return 'Unsupported content type.';
    default:
      return err.message || 'Bad request';
  }
}

function describe(exception: unknown): string {
  return exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
}
