import type { FastifyInstance } from 'fastify';

/**
 * `Cache-Control: no-store` on every /api answer that did not choose its own caching: data answers
 * are one user's, and a shared or back-button cache must not keep them (issue 25). The calls that
 * do choose keep theirs: the signed image bytes (`private, max-age` until the signature expires)
 * and the public configuration (`public, max-age=300`).
 */
export function registerNoStore(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      void reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
