import { Global, Module } from '@nestjs/common';
import { loadEnv } from '@wrenchlog/platform';
import { PublicLimitsEnv } from './public-limits.env.js';
import { PublicRateLimiter } from './public-rate-limiter.js';

@Global()
@Module({
  providers: [{ provide: PublicLimitsEnv, useFactory: () => loadEnv(PublicLimitsEnv) }, PublicRateLimiter],
  exports: [PublicLimitsEnv, PublicRateLimiter],
})
export class PublicLimitsModule {}
