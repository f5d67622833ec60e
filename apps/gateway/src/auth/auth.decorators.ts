import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'wrenchlog:public';
export const ADMIN_ONLY = 'wrenchlog:admin';
export const SESSION_ONLY = 'wrenchlog:session-only';

/** The route needs no access token (login, refresh, greeting, githash, pageview, signup). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The route needs a signed-in user whose adminLevel is above 0; services check again. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

/**
 * The route manages accounts, members, tokens or the caller's credentials: a signed-in session only,
 * never a personal API token (403 TOKEN_NOT_ALLOWED, issue 33). Admin routes are so by themselves.
 */
export const SessionOnly = () => SetMetadata(SESSION_ONLY, true);
