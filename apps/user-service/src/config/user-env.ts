import { IsEmail, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { PlatformEnv } from '@wrenchlog/platform';

/** The embedded defaults for the first administrator, documented in the README. Never used when distributed. */
export const EMBEDDED_ADMIN = { email: 'admin@wrenchlog.local', password: 'wrenchlog-admin' } as const;

export class UserEnv extends PlatformEnv {
  @IsOptional() @IsEmail({ require_tld: false }, { message: 'must be an email address' }) ADMIN_EMAIL?: string;
  @IsOptional() @IsString() @MinLength(8, { message: 'must be at least 8 characters' }) @MaxLength(128) ADMIN_PASSWORD?: string;

  // Absolute lifetime of a refresh-token family: after it the user signs in again, however active.
  @IsInt() @Min(1) @Max(365) REFRESH_TOKEN_TTL_DAYS: number = 30;
}
