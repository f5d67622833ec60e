import { Module } from '@nestjs/common';
import { MachinesRepository } from './machines.repository.js';

/** The machine projection (owner, name, type), read by every other module. Its events: machine-events/. */
@Module({ providers: [MachinesRepository], exports: [MachinesRepository] })
export class MachinesModule {}
