import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ApiTokenGate } from './api-token-gate.js';
import { AuthController } from './auth.controller.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { PublicUrl } from './public-url.js';
import { PublicLimitsModule } from '../public-limits/public-limits.module.js';
import { SessionGate } from './session-gate.js';
import { TokenRateLimiter } from './token-rate-limiter.js';
import { TokenService } from './token.service.js';
import { TokensController } from './tokens.controller.js';

@Module({
  imports: [PublicLimitsModule],
  controllers: [AuthController, TokensController],
  providers: [TokenService, SessionGate, ApiTokenGate, TokenRateLimiter, LoginRateLimiter, PublicUrl, { provide: APP_GUARD, useClass: JwtAuthGuard }],
  exports: [TokenService, SessionGate, ApiTokenGate, PublicUrl],
})
export class AuthModule {}
