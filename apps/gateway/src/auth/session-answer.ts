import type { LoginResponse, SessionGrant } from '@wrenchlog/contracts';
import type { FastifyReply } from 'fastify';
import { setRefreshCookie } from './refresh-cookie.js';
import type { TokenService } from './token.service.js';

/**
 * The answer of every call that starts or moves a session (sign-in, refresh, switching accounts, a
 * new person joining by invitation): the refresh cookie, and the access token in the body.
 */
export function answerSession(grant: SessionGrant, reply: FastifyReply, tokens: TokenService, secureCookie: boolean): Promise<LoginResponse> {
  setRefreshCookie(reply, grant.refreshToken, new Date(grant.refreshExpiresAt), secureCookie);
  void reply.header('cache-control', 'no-store');
  return tokens.issue(grant);
}
