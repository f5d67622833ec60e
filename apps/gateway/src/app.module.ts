import { Module, type DynamicModule } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { ConfigModule, RpcModule } from '@wrenchlog/platform';
import { AuthModule } from './auth/auth.module.js';
import type { GatewayEnv } from './config/gateway-env.js';
import type { GatewaySecrets } from './config/secrets.js';
import { HealthController } from './health/health.controller.js';
import { GatewayInfo } from './root/gateway-info.js';
import { RootController } from './root/root.controller.js';
import { UserController } from './user/user.controller.js';

@Module({})
export class AppModule {
  static register(env: GatewayEnv, secrets: GatewaySecrets, info: GatewayInfo): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(env),
        RpcModule.forRoot(),
        JwtModule.register({ global: true, secret: secrets.jwtSecret, signOptions: { algorithm: 'HS256' } }),
        AuthModule,
      ],
      controllers: [RootController, UserController, HealthController],
      providers: [{ provide: GatewayInfo, useValue: info }],
    };
  }
}
