import { Module } from '@nestjs/common';
import { MembersModule } from '@wrenchlog/platform';
import { MachineAccess } from './machine-access.js';
import { MachineEventsController } from './machine-events.controller.js';
import { MachinesRepository } from './machines.repository.js';

/** The machine projection and who reaches which machine, read by issues and work orders. */
@Module({
  imports: [MembersModule],
  controllers: [MachineEventsController],
  providers: [MachinesRepository, MachineAccess],
  exports: [MachinesRepository, MachineAccess, MembersModule],
})
export class MachinesModule {}
