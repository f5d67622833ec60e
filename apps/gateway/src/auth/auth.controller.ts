import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ErrorCode,
  LoginRequest,
  USER_AUTH_LOGIN,
  USER_AUTH_LOGOUT,
  USER_AUTH_REFRESH,
  type LoginResponse,
  type SessionGrant,
} from '@wrenchlog/contracts';
import { RpcCallError, RpcClient, unauthorized, type CallContext } from '@wrenchlog/platform';
import type { FastifyReply } from 'fastify';
import { GatewayEnv } from '../config/gateway-env.js';
import { Call, type GatewayRequest } from '../http/request-context.js';
import { Public } from './auth.decorators.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.js';
import { TokenService } from './token.service.js';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly tokens: TokenService,
    private readonly limiter: LoginRateLimiter,
    private readonly env: GatewayEnv,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() body: LoginRequest,
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Call() call: CallContext,
  ): Promise<LoginResponse> {
    await this.limiter.admit(req.ip, body.username);
    let grant: SessionGrant;
    try {
      grant = await this.rpc.send(USER_AUTH_LOGIN, body, call);
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.Unauthorized) {
        await this.limiter.recordFailure(body.username);
      }
      throw err;
    }
    await this.limiter.recordSuccess(body.username);
    return this.startSession(grant, reply);
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  async refresh(
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Call() call: CallContext,
  ): Promise<LoginResponse> {
    const refreshToken = readRefreshCookie(req);
    if (!refreshToken) {
      throw unauthorized('No session to refresh. Please sign in again.');
    }
    try {
      return this.startSession(await this.rpc.send(USER_AUTH_REFRESH, { refreshToken }, call), reply);
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.Unauthorized) {
        clearRefreshCookie(reply, this.env.COOKIE_SECURE);
      }
      throw err;
    }
  }

  // Public so a user whose access token has expired can still end the session; the cookie is the credential.
  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: GatewayRequest, @Res({ passthrough: true }) reply: FastifyReply, @Call() call: CallContext): Promise<string> {
    const refreshToken = readRefreshCookie(req);
    if (refreshToken) {
      await this.rpc.send(USER_AUTH_LOGOUT, { refreshToken }, call);
    }
    clearRefreshCookie(reply, this.env.COOKIE_SECURE);
    void reply.type('text/plain; charset=utf-8');
    return 'Logged out';
  }

  private async startSession(grant: SessionGrant, reply: FastifyReply): Promise<LoginResponse> {
    setRefreshCookie(reply, grant.refreshToken, new Date(grant.refreshExpiresAt), this.env.COOKIE_SECURE);
    void reply.header('cache-control', 'no-store');
    return this.tokens.issue(grant);
  }
}
