import { IsBoolean, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { SERVICES, type ServiceName } from '@wrenchlog/contracts';
import { EnvBoolean, PlatformEnv } from '@wrenchlog/platform';

export class GatewayEnv extends PlatformEnv {
  @IsInt() @Min(1) @Max(65535) PORT: number = 3000;

  // Unset in the embedded mode: generated once into DATA_DIR/secrets.json. Required when distributed,
  // because every gateway replica must sign and verify with the same keys.
  @IsOptional() @IsString() @MinLength(32, { message: 'must be at least 32 characters' }) JWT_SECRET?: string;
  @IsOptional() @IsString() @MinLength(32, { message: 'must be at least 32 characters' }) URL_SIGNING_SECRET?: string;

  // Access tokens are short-lived; the refresh cookie renews them.
  @IsInt() @Min(30) @Max(86400) ACCESS_TOKEN_TTL_SECONDS: number = 900;

  // Access ends on the next request after a disable or credential change (issue 25, item 3): how often
  // the gateway asks user-service whose sessions ended (what another replica's change waits at most),
  // and how long a cached user state lives should those polls fail.
  @IsInt() @Min(100) @Max(60000) SESSION_SYNC_MS: number = 1000;
  @IsInt() @Min(1) @Max(3600) SESSION_STATE_TTL_SECONDS: number = 300;

  // Origin allowed to call the API with credentials from another host (e.g. a Vite dev server).
  @IsOptional() @IsString() CORS_ORIGIN?: string;

  // Mark the refresh cookie Secure; on by default behind TLS in compose and Kubernetes.
  @EnvBoolean() @IsBoolean() COOKIE_SECURE: boolean = false;

  // Take the client address from X-Forwarded-For (only behind a trusted proxy or ingress).
  @EnvBoolean() @IsBoolean() TRUST_PROXY: boolean = false;

  // Send HSTS and the CSP's upgrade-insecure-requests on every reply, not only on requests that came
  // over TLS (directly or per a trusted proxy's X-Forwarded-Proto): for a TLS proxy not marked trusted.
  @EnvBoolean() @IsBoolean() ALWAYS_HTTPS_HEADERS: boolean = false;

  // Folder with the built SPA; default: apps/web/dist next to this app.
  @IsOptional() @IsString() WEB_DIST?: string;

  // Login attempts per client address per minute, counted before any password is hashed.
  @IsInt() @Min(1) LOGIN_RATE_PER_IP_PER_MINUTE: number = 30;
  // Failed logins per account before it is locked for LOGIN_LOCK_SECONDS.
  @IsInt() @Min(1) LOGIN_MAX_FAILURES_PER_ACCOUNT: number = 10;
  @IsInt() @Min(1) LOGIN_LOCK_SECONDS: number = 900;

  // Personal API tokens (issue 33): requests each token may make a minute (over all replicas); how
  // long a verified token is cached (revocation and member changes reach it sooner, by the session
  // poll); how often a replica reports its counts to user-service (what the limit may overshoot by).
  @IsInt() @Min(1) @Max(1_000_000) API_TOKEN_RATE_PER_MINUTE: number = 600;
  @IsInt() @Min(1) @Max(3600) API_TOKEN_CACHE_SECONDS: number = 60;
  @IsInt() @Min(100) @Max(60000) API_TOKEN_USAGE_SYNC_MS: number = 1000;

  @IsOptional() @IsString() GIT_HASH?: string;

  // Largest JSON body accepted, in bytes.
  @IsInt() @Min(1024) BODY_LIMIT_BYTES: number = 1048576;

  // Marketing tags on the public pages, off unless set: an advertising (Meta) pixel id and a Google Tag
  // Manager container id. The patterns keep anything but an id out of the script URLs they end up in.
  @IsOptional() @Matches(/^\d{5,20}$/, { message: 'must be the numeric pixel id' }) META_PIXEL_ID?: string;
  @IsOptional() @Matches(/^GTM-[A-Z0-9]{4,12}$/, { message: 'must look like GTM-XXXXXXX' }) GTM_ID?: string;

  // Services the readiness check waits for (comma-separated); default: all of them.
  @IsOptional() @IsString() READY_SERVICES?: string;

  readyServices(): ServiceName[] {
    if (!this.READY_SERVICES) {
      return [...SERVICES];
    }
    const wanted = this.READY_SERVICES.split(',').map((s) => s.trim());
    return SERVICES.filter((s) => wanted.includes(s));
  }
}
