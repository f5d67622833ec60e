import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'wrenchlog:public';
export const ADMIN_ONLY = 'wrenchlog:admin';

/** The route needs no access token (login, refresh, greeting, githash, pageview, signup). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The route needs a signed-in user whose adminLevel is above 0; services check again. */
export const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);
