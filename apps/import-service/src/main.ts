import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';
import { ImportEnv } from './config/import-env.js';

const env = loadConfigOrExit('import-service', ImportEnv);
await bootstrapService({ service: 'import-service', env, module: AppModule.register(env) });
