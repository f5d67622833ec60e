import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';
import { AnalyticsEnv } from './config/analytics-env.js';

const env = loadConfigOrExit('analytics-service', AnalyticsEnv);
await bootstrapService({ service: 'analytics-service', env, module: AppModule.register(env) });
