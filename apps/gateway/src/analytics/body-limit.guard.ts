import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ErrorCode } from '@wrenchlog/contracts';
import { DomainError } from '@wrenchlog/platform';
import type { FastifyRequest } from 'fastify';
import { PublicLimitsEnv } from '../public-limits/public-limits.env.js';

/**
 * 413 for a page-view body over PAGEVIEW_BODY_LIMIT_BYTES. Runs before validation, so an oversized
 * body is refused as such; a body without Content-Length is measured after parsing.
 */
@Injectable()
export class PageViewBodyLimitGuard implements CanActivate {
  constructor(private readonly env: PublicLimitsEnv) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    const declared = Number(req.headers['content-length']);
    const size = Number.isFinite(declared) ? declared : Buffer.byteLength(JSON.stringify(req.body ?? ''));
    if (size > this.env.PAGEVIEW_BODY_LIMIT_BYTES) {
      throw new DomainError(ErrorCode.PayloadTooLarge, `A page view must be at most ${this.env.PAGEVIEW_BODY_LIMIT_BYTES} bytes.`);
    }
    return true;
  }
}
