import { Module } from '@nestjs/common';
import { MachineLookup } from './machine-lookup.js';
import { MachinesRepository } from './machines.repository.js';

/** The machine projection (owner, name, type, archived). Its events: machine-events/. */
@Module({ providers: [MachinesRepository, MachineLookup], exports: [MachinesRepository, MachineLookup] })
export class MachinesModule {}
