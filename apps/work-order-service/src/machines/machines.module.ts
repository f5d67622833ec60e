import { Module } from '@nestjs/common';
import { MembersModule, OutboxModule } from '@wrenchlog/platform';
import { MachineAccess } from './machine-access.js';
import { MachineEventsController } from './machine-events.controller.js';
import { MachinesRepository } from './machines.repository.js';
import { OutOfServiceAnnouncer } from './out-of-service.js';

/** The machine projection and who reaches which machine, read by issues and work orders. */
@Module({
  imports: [MembersModule, OutboxModule],
  controllers: [MachineEventsController],
  providers: [MachinesRepository, MachineAccess, OutOfServiceAnnouncer],
  exports: [MachinesRepository, MachineAccess, MembersModule, OutOfServiceAnnouncer],
})
export class MachinesModule {}
