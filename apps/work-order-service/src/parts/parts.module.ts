import { Module } from '@nestjs/common';
import { PartLookup } from './part-lookup.js';

/** Reads of the inventory's parts (fuel-purchase-service), for order lines and job templates. */
@Module({ providers: [PartLookup], exports: [PartLookup] })
export class PartsModule {}
