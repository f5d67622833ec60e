import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayRequest } from './request-context.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Gives every request a correlation id (the caller's X-Correlation-Id when it looks sane) and an
 * idempotency key (the client's Idempotency-Key, else one per HTTP request), both passed on in RPC meta.
 */
export function registerCorrelation(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const req = request as GatewayRequest;
    const given = request.headers['x-correlation-id'];
    req.correlationId = typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
    const key = request.headers['idempotency-key'];
    req.idempotencyKey = typeof key === 'string' && SAFE_ID.test(key) ? key : randomUUID();
    reply.header('x-correlation-id', req.correlationId);
  });
}
