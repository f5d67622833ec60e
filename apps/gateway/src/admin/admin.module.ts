import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { PublicLimitsModule } from '../public-limits/public-limits.module.js';
import { AdminController } from './admin.controller.js';

@Module({ imports: [PublicLimitsModule, AuthModule], controllers: [AdminController] })
export class AdminModule {}
