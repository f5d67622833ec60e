import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Actor } from '@wrenchlog/contracts';
import { forbidden, unauthorized } from '@wrenchlog/platform';
import type { GatewayRequest } from '../http/request-context.js';
import { ADMIN_ONLY, IS_PUBLIC } from './auth.decorators.js';
import { SessionGate } from './session-gate.js';
import { TokenService } from './token.service.js';

/**
 * Global guard: every route needs a valid Bearer token unless marked @Public(); @AdminOnly()
 * routes also need adminLevel > 0. Public routes still learn the caller when a valid token is sent.
 * A token counts only while its session does (SessionGate): not after a disable or credential change.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly sessions: SessionGate,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const req = context.switchToHttp().getRequest<GatewayRequest>();
    const header = req.headers.authorization;
    const token = typeof header === 'string' && /^Bearer /i.test(header) ? header.slice(7).trim() : undefined;
    const actor = token ? await this.sessionActor(token, isPublic) : undefined;
    if (actor) {
      req.actor = actor;
    }
    if (isPublic) {
      return true;
    }
    if (!actor) {
      throw unauthorized(token ? 'Your session has expired or the token is invalid. Please sign in again.' : 'Authentication required');
    }
    if (this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) && actor.adminLevel <= 0) {
      throw forbidden('Administrator rights are required');
    }
    return true;
  }

  private async sessionActor(token: string, isPublic: boolean): Promise<Actor | undefined> {
    const access = await this.tokens.verify(token);
    if (!access) {
      return undefined;
    }
    try {
      return (await this.sessions.admits(access.actor.userId, access.sessionVersion)) ? access.actor : undefined;
    } catch (err) {
      // user-service cannot say: a public route goes on without the caller, any other answers 503.
      if (isPublic) {
        return undefined;
      }
      throw err;
    }
  }
}
