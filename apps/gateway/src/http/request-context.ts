import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor } from '@wrenchlog/contracts';
import type { CallContext } from '@wrenchlog/platform';
import type { FastifyRequest } from 'fastify';

/** What the gateway attaches to each request: who calls (from the verified token) and the ids that follow the call. */
export interface GatewayRequest extends FastifyRequest {
  actor?: Actor;
  correlationId: string;
  idempotencyKey: string;
}

/** The caller and ids to pass on with an RPC: `@Call() call: CallContext`. */
export const Call = createParamDecorator((_: unknown, ctx: ExecutionContext): CallContext => {
  const req = ctx.switchToHttp().getRequest<GatewayRequest>();
  return { actor: req.actor ?? null, correlationId: req.correlationId, idempotencyKey: req.idempotencyKey };
});

/** The verified caller: `@CurrentActor() actor: Actor` (only on guarded routes). */
export const CurrentActor = createParamDecorator((_: unknown, ctx: ExecutionContext): Actor | undefined => {
  return ctx.switchToHttp().getRequest<GatewayRequest>().actor;
});
