import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';
import { NotificationEnv } from './config/notification-env.js';

const env = loadConfigOrExit('notification-service', NotificationEnv);
await bootstrapService({ service: 'notification-service', env, module: AppModule.register(env) });
