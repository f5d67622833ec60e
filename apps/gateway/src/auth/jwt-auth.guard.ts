import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ErrorCode, TOKEN_IN_QUERY_MESSAGE, TOKEN_NOT_ALLOWED_MESSAGE, type Actor } from '@wrenchlog/contracts';
import { DomainError, forbidden, unauthorized } from '@wrenchlog/platform';
import type { FastifyReply } from 'fastify';
import type { GatewayRequest } from '../http/request-context.js';
import { ApiTokenGate } from './api-token-gate.js';
import { ADMIN_ONLY, IS_PUBLIC, SESSION_ONLY } from './auth.decorators.js';
import { SessionGate } from './session-gate.js';
import { TokenRateLimiter, type RateLimitState } from './token-rate-limiter.js';
import { TokenService } from './token.service.js';

/** Query parameters that carry a credential in other products: refused, so no token ends up in a log. */
const CREDENTIAL_PARAMS = new Set(['token', 'access_token', 'api_key', 'apikey', 'api-key']);
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Global guard: every route needs a valid Bearer token unless marked @Public(); @AdminOnly()
 * routes also need adminLevel > 0. Public routes still learn the caller when a valid token is sent.
 * A token counts only while its session does (SessionGate): not after a disable or credential change.
 * A personal API token (`wl_...`, issue 33) acts as its member: GET only without the `write` scope
 * (403 INSUFFICIENT_SCOPE), never on @SessionOnly() or admin routes (403 TOKEN_NOT_ALLOWED), and
 * within its own rate limit (429 with RateLimit-* headers).
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly sessions: SessionGate,
    private readonly apiTokens: ApiTokenGate,
    private readonly limiter: TokenRateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const req = context.switchToHttp().getRequest<GatewayRequest>();
    refuseTokenInQuery(req);
    const header = req.headers.authorization;
    const token = typeof header === 'string' && /^Bearer /i.test(header) ? header.slice(7).trim() : undefined;
    const actor = token ? await this.callerOf(token, isPublic) : undefined;
    if (actor) {
      req.actor = actor;
    }
    if (isPublic) {
      return true;
    }
    if (!actor) {
      throw unauthorized(token ? 'Your session has expired or the token is invalid. Please sign in again.' : 'Authentication required');
    }
    const adminOnly = this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets);
    if (actor.token) {
      this.checkApiToken(actor, req, context, adminOnly || this.reflector.getAllAndOverride<boolean>(SESSION_ONLY, targets));
    }
    if (adminOnly && actor.adminLevel <= 0) {
      throw forbidden('Administrator rights are required');
    }
    return true;
  }

  private async callerOf(token: string, isPublic: boolean): Promise<Actor | undefined> {
    try {
      return ApiTokenGate.isApiToken(token) ? await this.apiTokens.actor(token) : await this.sessionActor(token);
    } catch (err) {
      // user-service cannot say: a public route goes on without the caller, any other answers 503.
      if (isPublic) {
        return undefined;
      }
      throw err;
    }
  }

  private async sessionActor(token: string): Promise<Actor | undefined> {
    const access = await this.tokens.verify(token);
    if (!access) {
      return undefined;
    }
    return (await this.sessions.admits(access.actor.userId, access.sessionVersion)) ? access.actor : undefined;
  }

  /** What a token may not do whatever its member's role; then its rate limit, whose state every answer carries. */
  private checkApiToken(actor: Actor, req: GatewayRequest, context: ExecutionContext, sessionOnly: boolean): void {
    const token = actor.token!;
    if (sessionOnly) {
      throw new DomainError(ErrorCode.TokenNotAllowed, TOKEN_NOT_ALLOWED_MESSAGE);
    }
    const needs = READ_METHODS.has(req.method) ? 'read' : 'write';
    if (!token.scopes.includes(needs)) {
      throw new DomainError(ErrorCode.InsufficientScope, `This token's scopes (${token.scopes.join(', ')}) do not include ${needs}`);
    }
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    try {
      setRateLimitHeaders(reply, this.limiter.admit(token.id, req.ip));
    } catch (err) {
      const state = (err as { rateLimit?: RateLimitState }).rateLimit;
      if (state) {
        setRateLimitHeaders(reply, state);
      }
      throw err;
    }
  }
}

function setRateLimitHeaders(reply: FastifyReply, state: RateLimitState): void {
  void reply.header('ratelimit-limit', String(state.limit));
  void reply.header('ratelimit-remaining', String(state.remaining));
  void reply.header('ratelimit-reset', String(state.reset));
}

/** 401 for a credential in the query string (it would be kept in proxy and server logs): the header is the way. */
function refuseTokenInQuery(req: GatewayRequest): void {
  const query = req.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') {
    return;
  }
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    if (CREDENTIAL_PARAMS.has(key.toLowerCase()) || values.some((v) => typeof v === 'string' && v.startsWith('wl_'))) {
      throw unauthorized(TOKEN_IN_QUERY_MESSAGE);
    }
  }
}
