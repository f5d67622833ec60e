import { IsEmail, IsInt, IsOptional, IsString, IsUrl, Max, MaxLength, Min, MinLength } from 'class-validator';
import { PlatformEnv } from '@wrenchlog/platform';

/** The embedded defaults for the first administrator, documented in the README. Never used when distributed. */
export const EMBEDDED_ADMIN = { email: 'admin@wrenchlog.local', password: 'wrenchlog-admin' } as const;

export class UserEnv extends PlatformEnv {
  @IsOptional() @IsEmail({ require_tld: false }, { message: 'must be an email address' }) ADMIN_EMAIL?: string;
  @IsOptional() @IsString() @MinLength(8, { message: 'must be at least 8 characters' }) @MaxLength(128) ADMIN_PASSWORD?: string;

  // Absolute lifetime of a refresh-token family: after it the user signs in again, however active.
  @IsInt() @Min(1) @Max(365) REFRESH_TOKEN_TTL_DAYS: number = 30;

  // Password hashing (argon2id, ~25 ms of one core and 19 MiB each): at most KDF_CONCURRENCY at once
  // (default: the number of CPUs, at most the thread pool's size) and KDF_QUEUE waiting (default 4 a
  // hash slot); beyond that sign-in, signup and password changes answer 429 with Retry-After instead
  // of queueing until the machine saturates. argon2 runs on libuv's thread pool: UV_THREADPOOL_SIZE
  // (default 4) must be at least KDF_CONCURRENCY. Under a container CPU limit, set it to that limit.
  @IsOptional() @IsInt() @Min(1) @Max(256) KDF_CONCURRENCY?: number;
  @IsOptional() @IsInt() @Min(0) @Max(10000) KDF_QUEUE?: number;
  // Read by libuv itself at the first use of its pool; read here only to warn when it is below KDF_CONCURRENCY.
  @IsOptional() @IsInt() @Min(1) @Max(1024) UV_THREADPOOL_SIZE?: number;

  // Outgoing mail: SMTP when SMTP_URL is set (smtp:// or smtps://), else .eml files in DATA_DIR/outbox.
  @IsOptional()
  @IsUrl({ protocols: ['smtp', 'smtps'], require_tld: false, require_protocol: true }, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;
  @IsString() MAIL_FROM: string = 'Wrenchlog <no-reply@wrenchlog.local>';
  // Where contact and sales-contact submissions are sent.
  @IsString() SALES_INBOX: string = 'sales@wrenchlog.local';
  // The address users reach Wrenchlog at (e.g. https://wrenchlog.example.com): every link in every
  // email starts with it. Unset (embedded only): the address of the gateway's first request.
  // Required when distributed (checked in main.ts).
  @IsOptional() @IsUrl({ protocols: ['http', 'https'], require_tld: false, require_protocol: true }, { message: 'must be an http(s) URL' }) PUBLIC_URL?: string;

  // The Data Sync with External API job fails with a clear message while this is unset.
  @IsOptional() @IsUrl({ require_tld: false, require_protocol: true }, { message: 'must be an http(s) URL' }) EXTERNAL_API_URL?: string;
}
