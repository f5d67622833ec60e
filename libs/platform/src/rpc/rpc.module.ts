import { Global, Module, type DynamicModule } from '@nestjs/common';
import { PlatformEnv } from '../config/platform-env.js';
import { EventBus, RpcClient, ServiceClients } from './rpc-client.js';

/** Provides RpcClient and EventBus to the whole app; needs PlatformEnv (from ConfigModule). */
@Global()
@Module({})
export class RpcModule {
  static forRoot(): DynamicModule {
    return {
      module: RpcModule,
      providers: [ServiceClients, RpcClient, EventBus],
      exports: [RpcClient, EventBus, ServiceClients],
    };
  }
}

export { PlatformEnv };
