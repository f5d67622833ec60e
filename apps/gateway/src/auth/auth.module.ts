import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthController } from './auth.controller.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { LoginRateLimiter } from './login-rate-limiter.js';
import { PublicUrl } from './public-url.js';
import { PublicLimitsModule } from '../public-limits/public-limits.module.js';
import { SessionGate } from './session-gate.js';
import { TokenService } from './token.service.js';

@Module({
  imports: [PublicLimitsModule],
  controllers: [AuthController],
  providers: [TokenService, SessionGate, LoginRateLimiter, PublicUrl, { provide: APP_GUARD, useClass: JwtAuthGuard }],
  exports: [TokenService, SessionGate, PublicUrl],
})
export class AuthModule {}
