import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';
import { ServiceRecordEnv } from './config/service-record-env.js';

const env = loadConfigOrExit('service-record-service', ServiceRecordEnv);
await bootstrapService({ service: 'service-record-service', env, module: AppModule.register(env) });
