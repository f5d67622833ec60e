import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit, PlatformEnv } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';

const env = loadConfigOrExit('fuel-purchase-service', PlatformEnv);
await bootstrapService({ service: 'fuel-purchase-service', env, module: AppModule.register(env) });
