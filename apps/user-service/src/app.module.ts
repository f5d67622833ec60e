import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConfigModule, DatabaseModule, HealthModule, RpcModule } from '@wrenchlog/platform';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import { PasswordHasher } from './auth/password-hasher.js';
import { RefreshToken } from './auth/refresh-token.entity.js';
import type { UserEnv } from './config/user-env.js';
import { migrations } from './migrations/index.js';
import { AdminBootstrap } from './users/admin-bootstrap.js';
import { User } from './users/user.entity.js';
import { UsersController } from './users/users.controller.js';
import { UsersService } from './users/users.service.js';

export const entities = [User, RefreshToken];

@Module({})
export class AppModule {
  static register(env: UserEnv): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        DatabaseModule.forService({ service: 'user-service', entities, migrations }),
        TypeOrmModule.forFeature(entities),
        HealthModule.forService('user-service'),
      ],
      controllers: [AuthController, UsersController],
      providers: [PasswordHasher, AuthService, UsersService, AdminBootstrap],
    };
  }
}
