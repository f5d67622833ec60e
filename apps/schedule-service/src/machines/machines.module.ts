import { Module } from '@nestjs/common';
import { MembersModule } from '@wrenchlog/platform';
import { MachineAccess } from './machine-access.js';
import { MachinesRepository } from './machines.repository.js';

/** The machine projection (account, name, type) and who reaches which machine, read by every other module. Its events: machine-events/. */
@Module({ imports: [MembersModule], providers: [MachinesRepository, MachineAccess], exports: [MachinesRepository, MachineAccess] })
export class MachinesModule {}
