import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@wrenchlog/platform';
import { AppModule } from './app.module.js';
import { ImageWorkerEnv } from './config/image-worker-env.js';

// Memory: run with MALLOC_ARENA_MAX=2 on glibc (sharp's advice); the worker warns at start if unset.
const env = loadConfigOrExit('image-worker', ImageWorkerEnv);
await bootstrapService({ service: 'image-worker', env, module: AppModule.register(env) });
