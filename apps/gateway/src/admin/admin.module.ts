import { Module } from '@nestjs/common';
import { PublicLimitsModule } from '../public-limits/public-limits.module.js';
import { AdminController } from './admin.controller.js';

@Module({ imports: [PublicLimitsModule], controllers: [AdminController] })
export class AdminModule {}
