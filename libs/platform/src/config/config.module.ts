import { Global, Module, type DynamicModule } from '@nestjs/common';
import { PlatformEnv } from './platform-env.js';

/**
 * Makes an already-validated config object injectable, under its own class and as PlatformEnv.
 * Configuration is read once in main.ts (loadEnv) so a bad variable stops the process before Nest starts.
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot<T extends PlatformEnv>(config: T): DynamicModule {
    const ctor = config.constructor as new () => T;
    const providers = [{ provide: PlatformEnv, useValue: config }];
    if (ctor !== PlatformEnv) {
      providers.push({ provide: ctor, useValue: config });
    }
    return { module: ConfigModule, providers, exports: providers.map((p) => p.provide) };
  }
}
