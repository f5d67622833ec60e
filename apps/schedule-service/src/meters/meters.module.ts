import { Module } from '@nestjs/common';
import { MetersRepository } from './meters.repository.js';

/** Meters, segments and readings: their SQL (the rules are in meter.rules.ts; the calls in readings/). */
@Module({ providers: [MetersRepository], exports: [MetersRepository] })
export class MetersModule {}
