import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

/** Thrown at boot when the environment is invalid; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// One line per bad variable, with the value as it was given. A type rule (isInt, isUrl...) says
// more than a range rule that failed only because the value was not a number.
function describe(errors: ValidationError[], raw: Record<string, unknown>): string[] {
  return errors.map((e) => {
    const constraints = e.constraints ?? {};
    const key = Object.keys(constraints).find((k) => k.startsWith('is')) ?? Object.keys(constraints)[0];
    const text = constraints[key] ?? 'is invalid';
    const given = raw[e.property];
    const got = given === undefined ? 'unset' : `got '${String(given)}'`;
    return `${text.startsWith(`${e.property} `) ? text : `${e.property} ${text}`} (${got})`;
  });
}

/**
 * Reads the environment into a typed, validated config object. Unset keys keep the class's
 * defaults; empty strings count as unset so `FOO=` in an .env file means "use the default".
 */
export function loadEnv<T extends object>(schema: new () => T, env: NodeJS.ProcessEnv = process.env): T {
  const defaults = new schema() as Record<string, unknown>;
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) {
    raw[key] = defaults[key];
  }
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') {
      raw[key] = value;
    }
  }
  const config = plainToInstance(schema, raw, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(config as object, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new ConfigError(describe(errors, raw));
  }
  return config;
}

/** 'true', '1', 'yes' are true; 'false', '0', 'no' false. (Implicit conversion would read 'false' as true.) */
export const EnvBoolean = () =>
  // Reads the original value: implicit conversion has already turned 'false' into true.
  Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const value = obj[key];
    if (typeof value === 'boolean') {
      return value;
    }
    const text = String(value).trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(text)) {
      return true;
    }
    if (['false', '0', 'no', 'off'].includes(text)) {
      return false;
    }
    return value;
  });
