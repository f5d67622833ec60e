import type { ServiceName } from '@wrenchlog/contracts';
import type { PlatformEnv } from '../config/platform-env.js';

/** `<SERVICE>_DATABASE_URL` (e.g. MACHINE_SERVICE_DATABASE_URL) overrides one service's database. */
export const serviceDatabaseUrlKey = (service: ServiceName): string => `${service.replace(/-/g, '_').toUpperCase()}_DATABASE_URL`;

/** The PostgreSQL URL of one service's own database, or undefined for the embedded SQLite file. */
export function serviceDatabaseUrl(env: PlatformEnv, service: ServiceName, processEnv = process.env): string | undefined {
  const override = processEnv[serviceDatabaseUrlKey(service)];
  if (override) {
    return override;
  }
  if (!env.DATABASE_URL) {
    return undefined;
  }
  const url = new URL(env.DATABASE_URL);
  const base = url.pathname.replace(/^\//, '') || 'wrenchlog';
  url.pathname = `/${base}_${service.replace(/-service$/, '').replace(/-/g, '_')}`;
  return url.toString();
}
