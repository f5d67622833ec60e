import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor } from '@wrenchlog/contracts';
import type { CallContext, SessionPositions } from '@wrenchlog/platform';
import type { FastifyRequest } from 'fastify';
import { sessionPositionsOf } from './consistency.js';

/** What the gateway attaches to each request: who calls (from the verified token) and the ids that follow the call. */
export interface GatewayRequest extends FastifyRequest {
  actor?: Actor;
  correlationId: string;
  idempotencyKey: string;
  /** The session's read-your-writes positions, opened by the first call of the request (http/consistency.ts). */
  consistency?: SessionPositions;
}

/** The one call context of a route (issue 19): the caller and the ids to pass on with an RPC, `@Call() call: CallContext`. */
export const Call = createParamDecorator((_: unknown, ctx: ExecutionContext): CallContext => {
  const req = ctx.switchToHttp().getRequest<GatewayRequest>();
  return {
    actor: req.actor ?? null,
    correlationId: req.correlationId,
    idempotencyKey: req.idempotencyKey,
    consistency: sessionPositionsOf(req),
    consistencyStrict: req.method === 'GET' || req.method === 'HEAD',
  };
});
