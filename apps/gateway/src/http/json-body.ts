import { ErrorCode } from '@wrenchlog/contracts';
import { DomainError, validationFailed } from '@wrenchlog/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** The deepest JSON body any call takes (the deepest DTO is 3 levels); deeper is refused before validation. */
export const MAX_JSON_DEPTH = 32;

/** Malformed JSON bodies one address may send per minute before it gets 429 (a client sending them is broken or hostile). */
export const MALFORMED_BODIES_PER_MINUTE = 60;

// A lone surrogate is the only code point of general category Cs a `u` regex sees (pairs are one code point).
const LONE_SURROGATE = /\p{Cs}/u;
const isWellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/**
 * Why a parsed JSON value cannot be taken, or undefined when it can: nested deeper than `maxDepth`
 * (class-transformer and class-validator recurse, so 10,000 levels overflowed the stack: issue 25),
 * or a string or key with a lone UTF-16 surrogate (no database stores it faithfully, and the email
 * validator's decodeURI throws on it). Iterative, so a hostile body cannot overflow the stack here.
 */
export function unacceptableJson(value: unknown, maxDepth = MAX_JSON_DEPTH): { field: string; message: string } | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (!isWellFormed(item.value)) {
        return { field: item.path || 'body', message: 'Text must not contain unpaired UTF-16 surrogates' };
      }
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) {
      continue;
    }
    if (item.depth >= maxDepth) {
      return { field: 'body', message: `The request body is nested deeper than ${maxDepth} levels` };
    }
    const entries = Array.isArray(item.value) ? item.value.entries() : Object.entries(item.value);
    for (const [key, child] of entries) {
      const name = String(key);
      if (!isWellFormed(name)) {
        return { field: item.path || 'body', message: 'Text must not contain unpaired UTF-16 surrogates' };
      }
      stack.push({ value: child, path: item.path ? `${item.path}.${name}` : name, depth: item.depth + 1 });
    }
  }
  return undefined;
}

/**
 * The gateway's body parsers: JSON (Fastify's, which refuses `__proto__` and `constructor` keys),
 * then `unacceptableJson`; and plain text. No other body type is registered (multipart uploads get
 * theirs from @fastify/multipart), so a form-urlencoded body answers 415: no call takes one. Malformed bodies
 * count against a per-address limit, like the public calls' limits, so refusing them stays cheap.
 */
export function registerJsonBody(fastify: FastifyInstance, bodyLimit: number, malformedPerMinute = MALFORMED_BODIES_PER_MINUTE): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  // Fastify's own parsers go too, but for text/plain, which the spec's unsecured test posts send
  // (UTF-8 text cannot hold a lone surrogate); a DTO refuses a text body as missing fields.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit }, (_request, body, done) => done(null, body));
  const malformed = new RateLimiterMemory({ keyPrefix: 'malformed-body-ip', points: malformedPerMinute, duration: 60 });
  const refuse = (request: FastifyRequest, error: Error, done: (err: Error | null, body?: unknown) => void): void => {
    void malformed.consume(request.ip || 'unknown').then(
      () => done(error),
      (res: unknown) => done(res instanceof RateLimiterRes ? tooMany(res) : error),
    );
  };
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    void parseJson(request, body as string, (err: Error | null, parsed?: unknown) => {
      if (err) {
        refuse(request, err, done);
        return;
      }
      const problem = unacceptableJson(parsed);
      if (problem) {
        refuse(request, validationFailed(problem.message, [problem]), done);
        return;
      }
      done(null, parsed);
    });
  });
}

function tooMany(res: RateLimiterRes): Error {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  const error = new DomainError(ErrorCode.RateLimited, `Too many malformed requests from this address. Try again in ${seconds} seconds.`);
  return Object.assign(error, { retryAfter: seconds });
}
