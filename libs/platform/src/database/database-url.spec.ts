import { loadEnv } from '../config/load-env.js';
import { PlatformEnv } from '../config/platform-env.js';
import { serviceDatabaseUrl } from './database-url.js';

describe(serviceDatabaseUrl.name, () => {
  it('gives each service its own database on the configured server', () => {
    const env = loadEnv(PlatformEnv, { DATABASE_URL: 'postgres://app:pw@db:5432/wrenchlog' });

    expect(serviceDatabaseUrl(env, 'machine-service', {})).toBe('postgres://app:pw@db:5432/wrenchlog_machine');
    expect(serviceDatabaseUrl(env, 'service-record-service', {})).toBe('postgres://app:pw@db:5432/wrenchlog_service_record');
    expect(serviceDatabaseUrl(env, 'image-worker', {})).toBe('postgres://app:pw@db:5432/wrenchlog_image_worker');
  });

  it('lets one service point elsewhere', () => {
    const env = loadEnv(PlatformEnv, { DATABASE_URL: 'postgres://db/wrenchlog' });

    expect(serviceDatabaseUrl(env, 'user-service', { USER_SERVICE_DATABASE_URL: 'postgres://other/users' })).toBe('postgres://other/users');
  });

  it('is SQLite (no URL) when nothing is configured', () => {
    expect(serviceDatabaseUrl(loadEnv(PlatformEnv, {}), 'user-service', {})).toBeUndefined();
  });
});
