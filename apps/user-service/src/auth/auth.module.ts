import { Module } from '@nestjs/common';
import { UserEnv } from '../config/user-env.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UsersModule } from '../users/users.module.js';
import { ApiTokenStoreModule } from '../tokens/api-token-store.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { KdfLimiter, kdfLimiterFrom } from './kdf-limiter.js';
import { PasswordHasher } from './password-hasher.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';

/** Sign-in, refresh tokens and sessions; exports the password hasher (one KDF limiter for the process), SessionsService and AuthService (a session for a new member). */
@Module({
  imports: [UsersModule, AccountsModule, ApiTokenStoreModule],
  controllers: [AuthController, SessionsController],
  providers: [{ provide: KdfLimiter, useFactory: kdfLimiterFrom, inject: [UserEnv] }, PasswordHasher, RefreshTokensRepository, AuthService, SessionsService],
  exports: [PasswordHasher, SessionsService, AuthService],
})
export class AuthModule {}
