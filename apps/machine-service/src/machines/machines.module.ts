import { Module } from '@nestjs/common';
import { MembersModule, OutboxModule } from '@wrenchlog/platform';
import { MachineAccess } from './machine-access.js';
import { MachineExportController } from './machine-export.controller.js';
import { MachinesController } from './machines.controller.js';
import { MachinesRepository } from './machines.repository.js';
import { MachinesService } from './machines.service.js';
import { OutOfService } from './out-of-service.js';

/**
 * Machines: their calls, the export and the events they publish. Exports MachinesRepository (photos
 * check and lock their machine) and MachineAccess (which machines a member sees), and the account
 * members' projection (MembersModule: names for createdBy / updatedBy, assignments).
 */
@Module({
  imports: [OutboxModule, MembersModule],
  controllers: [MachinesController, MachineExportController],
  providers: [MachinesService, MachinesRepository, MachineAccess, OutOfService],
  exports: [MachinesRepository, MachineAccess],
})
export class MachinesModule {}
