import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import type { PlatformEnv } from '../config/platform-env.js';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** Nest's logger, one JSON object a line when LOG_FORMAT=json (for log shippers), else readable text. */
export function createLogger(name: string, env: Pick<PlatformEnv, 'LOG_FORMAT' | 'LOG_LEVEL'> & Partial<Pick<PlatformEnv, 'RPC_TRANSPORT'>>): ConsoleLogger {
  const upTo = LEVELS.indexOf(env.LOG_LEVEL);
  return new ConsoleLogger(name, {
    json: env.LOG_FORMAT === 'json',
    colors: env.LOG_FORMAT !== 'json' && Boolean(process.stdout.isTTY),
    // In the one process Nest keeps a single global logger (the last app's), so a line of another
    // app's `new Logger('Outbox')` would carry a wrong service name: the prefix names the product.
    prefix: env.RPC_TRANSPORT === 'in-process' ? 'wrenchlog' : name,
    logLevels: LEVELS.slice(0, upTo + 1),
  });
}
