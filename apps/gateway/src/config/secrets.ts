import { isDistributed } from '@wrenchlog/platform';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { GatewayEnv } from './gateway-env.js';

export interface GatewaySecrets {
  jwtSecret: string;
  urlSigningSecret: string;
}

/**
 * Secrets from the environment, or, in the embedded mode only, generated once into
 * DATA_DIR/secrets.json so tokens survive a restart.
 */
export function resolveSecrets(env: GatewayEnv): GatewaySecrets {
  if (env.JWT_SECRET && env.URL_SIGNING_SECRET) {
    return { jwtSecret: env.JWT_SECRET, urlSigningSecret: env.URL_SIGNING_SECRET };
  }
  if (isDistributed(env)) {
    throw new Error(
      'JWT_SECRET and URL_SIGNING_SECRET must both be set (32+ characters) when DATABASE_URL or AMQP_URL is set: every gateway replica needs the same keys.',
    );
  }
  const file = join(resolve(env.DATA_DIR), 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as GatewaySecrets;
    return { jwtSecret: env.JWT_SECRET ?? stored.jwtSecret, urlSigningSecret: env.URL_SIGNING_SECRET ?? stored.urlSigningSecret };
  }
  const generated = { jwtSecret: randomBytes(48).toString('base64url'), urlSigningSecret: randomBytes(48).toString('base64url') };
  mkdirSync(resolve(env.DATA_DIR), { recursive: true });
  writeFileSync(file, JSON.stringify(generated), { mode: 0o600 });
  return { jwtSecret: env.JWT_SECRET ?? generated.jwtSecret, urlSigningSecret: env.URL_SIGNING_SECRET ?? generated.urlSigningSecret };
}
