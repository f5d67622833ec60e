import { Module } from '@nestjs/common';
import { PublicLimitsModule } from '../public-limits/public-limits.module.js';
import { ContactController } from './contact.controller.js';

@Module({ imports: [PublicLimitsModule], controllers: [ContactController] })
export class ContactModule {}
