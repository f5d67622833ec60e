import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../auth/auth.decorators.js';
import { GatewayEnv } from '../config/gateway-env.js';

/** What the public pages may load besides Wrenchlog itself: null means nothing is sent to that third party. */
export interface PublicConfig {
  metaPixelId: string | null;
  googleTagManagerId: string | null;
}

/**
 * GET /api/public-config: the marketing tags the operator switched on. Read at run time (not baked into
 * the bundle) so one built image serves every install; both ids are unset by default.
 */
@Controller('public-config')
export class PublicConfigController {
  constructor(private readonly env: GatewayEnv) {}

  @Public()
  @Get()
  @Header('cache-control', 'public, max-age=300')
  get(): PublicConfig {
    return { metaPixelId: this.env.META_PIXEL_ID ?? null, googleTagManagerId: this.env.GTM_ID ?? null };
  }
}
