import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';
import { WorkEnv } from './config/work-env.js';

const env = loadConfigOrExit('work-order-service', WorkEnv);
await bootstrapService({ service: 'work-order-service', env, module: AppModule.register(env) });
