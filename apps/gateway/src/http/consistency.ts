import { SessionPositionsStore, type SessionPositions } from '@wrenchlog/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GatewayRequest } from './request-context.js';

/**
 * Read your writes (issue 37, README "Read your own writes"): a write's answer carries this header,
 * a signed token of the session's positions; a client that sends it back (the web app does) reads
 * its writes on any gateway replica. Without it, this replica's memory of the session serves.
 */
export const CONSISTENCY_HEADER = 'x-consistency-token';

let store: SessionPositionsStore | undefined;

export function registerConsistency(fastify: FastifyInstance, secret: string): void {
  store = new SessionPositionsStore(secret);
  fastify.addHook('onSend', async (request: FastifyRequest, reply, payload) => {
    const session = (request as GatewayRequest).consistency;
    if (session?.changed && store) {
      reply.header(CONSISTENCY_HEADER, store.keep(session));
    }
    return payload;
  });
}

/** The signed-in caller's session positions for this request (none for an anonymous one). */
export function sessionPositionsOf(req: GatewayRequest): SessionPositions | undefined {
  if (!req.actor || !store) {
    return undefined;
  }
  req.consistency ??= store.open(`${req.actor.userId}:${req.actor.accountId}`, req.headers[CONSISTENCY_HEADER]);
  return req.consistency;
}
