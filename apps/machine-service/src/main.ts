import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit, PlatformEnv } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';

const env = loadConfigOrExit('machine-service', PlatformEnv);
await bootstrapService({ service: 'machine-service', env, module: AppModule.register(env) });
