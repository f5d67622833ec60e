import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';
import { firstAdminCredentials } from './users/admin-bootstrap.js';
import { UserEnv } from './config/user-env.js';

const env = loadConfigOrExit('user-service', UserEnv);
try {
  firstAdminCredentials(env);
} catch (err) {
  console.error(`user-service: ${(err as Error).message}`);
  process.exit(1);
}
await bootstrapService({ service: 'user-service', env, module: AppModule.register(env) });
