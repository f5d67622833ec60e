import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What a JSON answer needs, after the OWASP REST Security Cheat Sheet ("Security headers"): nothing
 * may load from it, frame it or sniff it. The rest of helmet's set (COOP, Origin-Agent-Cluster,
 * DNS prefetch, IE's download and XSS switches, Flash's cross-domain policies) means something to a
 * page only; sending it on every /api answer was a third of the bytes of a small answer and of the
 * time to write it, for the server and for the client that parses it (docs/performance.md).
 */
export const API_POLICY: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The CSP of a file a user uploaded and the gateway streams back (images, documents): whatever the
 * bytes hold (script in a PDF, HTML after its end, an SVG), nothing loads, runs or acts in our origin.
 */
export const USER_FILE_CSP = "default-src 'none'; sandbox";

/**
 * Helmet's headers, worked out once at start and set on every reply: `pages` for the web app and
 * anything else, API_POLICY for /api answers. @fastify/helmet builds a new
 * helmet middleware (and re-parses the CSP directives) on every request: 16 % of the gateway's CPU
 * under `GET /api/health` (tools/bench/profile.mjs). Our policy has no per-request parts (no
 * nonces, no functions), so there are two fixed sets: one for HTTPS and one for plain HTTP.
 *
 * `Strict-Transport-Security` and the CSP's `upgrade-insecure-requests` go only with a request that
 * arrived over TLS (directly, or per a trusted proxy's X-Forwarded-Proto: Fastify's
 * `request.protocol` with TRUST_PROXY), unless `alwaysHttps`: over plain HTTP on a LAN address they
 * made the browser ask for every asset over https, and the page stayed blank (issue 25).
 */
export function registerSecurityHeaders(fastify: FastifyInstance, pages: HelmetOptions, alwaysHttps = false): void {
  const page = headerSets(pages, alwaysHttps);
  const api = headerSets(API_POLICY, alwaysHttps);
  fastify.addHook('onRequest', (request, reply, done) => {
    // The API reference (/api/docs) is a page: Swagger UI loads its scripts and styles from here.
    const sets = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') ? api : page;
    void reply.headers(request.protocol === 'https' ? sets.https : sets.plain);
    done();
  });
}

function headerSets(options: HelmetOptions, alwaysHttps: boolean): { https: Record<string, string>; plain: Record<string, string> } {
  const https = helmetHeaders(options);
  return { https, plain: alwaysHttps ? https : helmetHeaders(withoutHttpsUpgrade(options)) };
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
