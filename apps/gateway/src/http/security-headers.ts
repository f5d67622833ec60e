import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Helmet's headers, worked out once at start and set on every reply. @fastify/helmet builds a new
 * helmet middleware (and re-parses the CSP directives) on every request: 16 % of the gateway's CPU
 * under `GET /api/health` (tools/bench/profile.mjs). Our policy has no per-request parts (no
 * nonces, no functions), so there are two fixed sets: one for HTTPS and one for plain HTTP.
 *
 * `Strict-Transport-Security` and the CSP's `upgrade-insecure-requests` go only with a request that
 * arrived over TLS (directly, or per a trusted proxy's X-Forwarded-Proto: Fastify's
 * `request.protocol` with TRUST_PROXY), unless `alwaysHttps`: over plain HTTP on a LAN address they
 * made the browser ask for every asset over https, and the page stayed blank (issue 25).
 */
export function registerSecurityHeaders(fastify: FastifyInstance, options: HelmetOptions, alwaysHttps = false): void {
  const https = helmetHeaders(options);
  const plain = alwaysHttps ? https : helmetHeaders(withoutHttpsUpgrade(options));
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.protocol === 'https' ? https : plain);
    done();
  });
}

/** `options` without HSTS and without the CSP's upgrade-insecure-requests (helmet adds it unless told null). */
export function withoutHttpsUpgrade(options: HelmetOptions): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? { ...csp.directives, upgradeInsecureRequests: null } : undefined;
  // HelmetOptions is a union (hsts or strictTransportSecurity): the spread widens it.
  return {
    ...options,
    strictTransportSecurity: false,
    ...(directives ? { contentSecurityPolicy: { ...(csp as object), directives } } : {}),
  } as HelmetOptions;
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
