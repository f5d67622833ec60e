import { Global, Module } from '@nestjs/common';
import { Clock } from './clock.js';

/** One clock for the whole service (tests replace it to move time). */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
