import { IsInt, Max, Min } from 'class-validator';

/** Limits of the public (token-less) calls: signup, contact forms, page views. Read once at start. */
export class PublicLimitsEnv {
  // Signups (POST /api/admin/createuser) per client address per hour.
  @IsInt() @Min(1) SIGNUP_RATE_PER_IP_PER_HOUR: number = 10;
  // Contact and sales-contact submissions per client address per hour.
  @IsInt() @Min(1) CONTACT_RATE_PER_IP_PER_HOUR: number = 10;
  @IsInt() @Min(1) PASSWORD_RESET_RATE_PER_IP_PER_HOUR: number = 5;
  // Page views per client address per minute.
  @IsInt() @Min(1) PAGEVIEW_RATE_PER_IP_PER_MINUTE: number = 120;
  // Largest page-view body accepted, in bytes (the global BODY_LIMIT_BYTES is far larger).
  @IsInt() @Min(256) @Max(1048576) PAGEVIEW_BODY_LIMIT_BYTES: number = 8192;
}
