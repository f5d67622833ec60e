import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { ConfigError, EnvBoolean, loadEnv } from './load-env.js';
import { isDistributed, PlatformEnv } from './platform-env.js';

class SampleEnv {
  @IsInt() @Min(1) PORT: number = 3000;
  @IsOptional() @IsString() NAME?: string;
  @EnvBoolean() FLAG: boolean = false;
}

describe(loadEnv.name, () => {
  it('keeps the defaults when nothing is set, and treats empty values as unset', () => {
    expect(loadEnv(SampleEnv, { PORT: '' })).toMatchObject({ PORT: 3000, FLAG: false });
  });

  it('converts numbers and reads false as false', () => {
    expect(loadEnv(SampleEnv, { PORT: '8080', FLAG: 'false' })).toMatchObject({ PORT: 8080, FLAG: false });
    expect(loadEnv(SampleEnv, { FLAG: 'true' }).FLAG).toBe(true);
  });

  it('names every bad variable and what it got', () => {
    try {
      loadEnv(PlatformEnv, { DATABASE_URL: 'mysql://db/x', SERVICE_PORT_BASE: 'abc', LOG_FORMAT: 'xml' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as ConfigError).message;
      expect(message).toContain("DATABASE_URL must be a postgres:// URL (got 'mysql://db/x')");
      expect(message).toContain("SERVICE_PORT_BASE must be an integer number (got 'abc')");
      expect(message).toMatch(/LOG_FORMAT must be one of the following values: text, json \(got 'xml'\)/);
    }
  });

  it('is embedded by default and distributed once a shared server is configured', () => {
    expect(isDistributed(loadEnv(PlatformEnv, {}))).toBe(false);
    expect(isDistributed(loadEnv(PlatformEnv, { AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672' }))).toBe(true);
    expect(isDistributed(loadEnv(PlatformEnv, { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/wrenchlog' }))).toBe(true);
  });
});
