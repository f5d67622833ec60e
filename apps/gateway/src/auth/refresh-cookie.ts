import type { FastifyReply, FastifyRequest } from 'fastify';

export const REFRESH_COOKIE = 'wl_refresh';
// Scoped to the auth calls: the refresh token is never sent with ordinary API requests.
const COOKIE_PATH = '/api/auth';

export function readRefreshCookie(req: FastifyRequest): string | undefined {
  const value = req.cookies?.[REFRESH_COOKIE];
  return value && value.length <= 256 ? value : undefined;
}

export function setRefreshCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean): void {
  void reply.setCookie(REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: COOKIE_PATH, expires: expiresAt });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  void reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure, path: COOKIE_PATH });
}
