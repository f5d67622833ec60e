import 'reflect-metadata';
import { bootstrapService, isDistributed, loadConfigOrExit } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';
import { firstAdminCredentials } from './admin/admin-bootstrap.js';
import { UserEnv } from './config/user-env.js';

const env = loadConfigOrExit('user-service', UserEnv);
try {
  firstAdminCredentials(env);
} catch (err) {
  console.error(`user-service: ${(err as Error).message}`);
  process.exit(1);
}
// Behind a load balancer the gateway's first request says nothing reliable about the public address.
if (isDistributed(env) && !env.MIGRATE_ONLY && !env.PUBLIC_URL) {
  console.error('user-service: PUBLIC_URL must be set when DATABASE_URL or AMQP_URL is set (the address every link in an email starts with).');
  process.exit(1);
}
await bootstrapService({ service: 'user-service', env, module: AppModule.register(env) });
