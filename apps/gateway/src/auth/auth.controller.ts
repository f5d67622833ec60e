import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import {
  ChangePasswordRequest,
  ErrorCode,
  ForgotPasswordRequest,
  LoginRequest,
  SetPasswordRequest,
  SwitchAccountRequest,
  USER_PASSWORD_CHANGE,
  USER_PASSWORD_FORGOT,
  USER_PASSWORD_SET,
  type ChangePasswordReply,
  type ForgotPasswordReply,
  type SetPasswordReply,
  USER_AUTH_LOGIN,
  USER_AUTH_LOGOUT,
  USER_AUTH_REFRESH,
  USER_AUTH_SWITCH,
  type LoginResponse,
  type SessionGrant,
} from '@wrenchlog/contracts';
import { RpcCallError, RpcClient, unauthorized, type CallContext } from '@wrenchlog/platform';
import type { FastifyReply } from 'fastify';
import { GatewayEnv } from '../config/gateway-env.js';
import { Call, type GatewayRequest } from '../http/request-context.js';
import { PublicRateLimiter } from '../public-limits/public-rate-limiter.js';
import { Public, SessionOnly } from './auth.decorators.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { PublicUrl } from './public-url.js';
import { SessionGate } from './session-gate.js';
import { clearRefreshCookie, readRefreshCookie } from './refresh-cookie.js';
import { answerSession } from './session-answer.js';
import { TokenService } from './token.service.js';

@Controller('auth')
export class AuthController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly tokens: TokenService,
    private readonly limiter: LoginRateLimiter,
    private readonly env: GatewayEnv,
    private readonly publicLimiter: PublicRateLimiter,
    private readonly publicUrl: PublicUrl,
    private readonly sessions: SessionGate,
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
  async refresh(@Req() req: GatewayRequest, @Res({ passthrough: true }) reply: FastifyReply, @Call() call: CallContext): Promise<LoginResponse> {
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

  /**
   * Moves the session to another account of the caller (issue 32): answers as sign-in does, and the
   * refresh cookie rotates to a token that remembers the account.
   */
  @SessionOnly()
  @Post('switch-account')
  @HttpCode(200)
  async switchAccount(
    @Body() body: SwitchAccountRequest,
    @Req() req: GatewayRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Call() call: CallContext,
  ): Promise<LoginResponse> {
    const refreshToken = readRefreshCookie(req);
    if (!refreshToken) {
      throw unauthorized('No session to switch. Please sign in again.');
    }
    try {
      return this.startSession(await this.rpc.send(USER_AUTH_SWITCH, { accountId: body.accountId, refreshToken }, call), reply);
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.Unauthorized) {
        clearRefreshCookie(reply, this.env.COOKIE_SECURE); // the session has ended, as a refresh would find
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

  /** Emails a single-use link to choose a new password; the same answer whether or not the email has an account. */
  @Public()
  @Post('forgot-password')
  @HttpCode(202)
  async forgotPassword(@Body() body: ForgotPasswordRequest, @Req() req: GatewayRequest, @Call() call: CallContext): Promise<ForgotPasswordReply> {
    await this.publicLimiter.admit('password-reset', req.ip);
    return this.rpc.send(USER_PASSWORD_FORGOT, { email: body.email, publicUrl: this.publicUrl.of(req) }, call);
  }

  /** The emailed link (approval or forgotten password) sets the password; every session of the account ends. */
  @Public()
  @Post('set-password')
  @HttpCode(200)
  async setPassword(@Body() body: SetPasswordRequest, @Call() call: CallContext): Promise<SetPasswordReply> {
    const reply = await this.rpc.send(USER_PASSWORD_SET, { token: body.token, password: body.password }, call);
    // The link names no user to this gateway: learn whose sessions ended before answering.
    await this.sessions.sync();
    return reply;
  }

  /** Settings: the current password is required; this session stays, every other one ends. */
  @SessionOnly()
  @Post('change-password')
  @HttpCode(200)
  async changePassword(@Body() body: ChangePasswordRequest, @Req() req: GatewayRequest, @Call() call: CallContext): Promise<ChangePasswordReply> {
    await this.limiter.admit(req.ip, `password-change:${call.actor?.userId}`);
    const message = { currentPassword: body.currentPassword, newPassword: body.newPassword, refreshToken: readRefreshCookie(req) };
    try {
      const changed = await this.rpc.send(USER_PASSWORD_CHANGE, message, call);
      // Access tokens issued before the change are refused from the next request (this session refreshes).
      this.sessions.forget(call.actor!.userId);
      return changed;
    } catch (err) {
      if (err instanceof RpcCallError && err.code === ErrorCode.Validation) {
        // A wrong current password counts like a failed sign-in: a stolen session cannot guess it freely.
        await this.limiter.recordFailure(`password-change:${call.actor?.userId}`);
      }
      throw err;
    }
  }

  private startSession(grant: SessionGrant, reply: FastifyReply): Promise<LoginResponse> {
    return answerSession(grant, reply, this.tokens, this.env.COOKIE_SECURE);
  }
}
