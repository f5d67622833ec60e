import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';
import { ScheduleEnv } from './config/schedule-env.js';

const env = loadConfigOrExit('schedule-service', ScheduleEnv);
await bootstrapService({ service: 'schedule-service', env, module: AppModule.register(env) });
