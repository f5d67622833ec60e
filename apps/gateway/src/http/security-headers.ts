import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Helmet's headers, worked out once at start and set on every reply. @fastify/helmet builds a new
 * helmet middleware (and re-parses the CSP directives) on every request: 16 % of the gateway's CPU
 * under `GET /api/health` (tools/bench/profile.mjs). Our policy has no per-request parts (no
 * nonces, no functions), so the headers are the same for every reply.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

/** The headers helmet sets for `options`, collected from one run against a recording response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) {
    throw failure instanceof Error ? failure : new Error(String(failure));
  }
  return headers;
}
