import type { FastifyReply } from 'fastify';

/** Vite's output under assets/ carries a content hash in every name: a new build makes new names. */
const HASHED = /[\\/]assets[\\/][^\\/]+$/;

/**
 * Cache-Control of a file of the web build: a hashed asset never changes (a year, immutable); any
 * other file (favicon, landing screenshots, index.html) keeps its name across releases, so the
 * browser revalidates it (ETag, Last-Modified) on every use.
 */
export function webCacheControl(path: string): string {
  return HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** @fastify/static's setHeaders: called with the file actually sent (also its .br or .gz variant). */
export function setWebCacheHeaders(reply: FastifyReply, path: string): void {
  void reply.header('cache-control', webCacheControl(path));
}
