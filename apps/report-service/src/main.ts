import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';
import { ReportEnv } from './config/report-env.js';

const env = loadConfigOrExit('report-service', ReportEnv);
await bootstrapService({ service: 'report-service', env, module: AppModule.register(env) });
