import { Module } from '@nestjs/common';
import { OutboxModule } from '@wrenchlog/platform';
import { MachineExportController } from './machine-export.controller.js';
import { MachinesController } from './machines.controller.js';
import { MachinesRepository } from './machines.repository.js';
import { MachinesService } from './machines.service.js';

/** Machines: their calls, the export and the events they publish. Exports MachinesRepository (photos check and lock their machine). */
@Module({
  imports: [OutboxModule],
  controllers: [MachinesController, MachineExportController],
  providers: [MachinesService, MachinesRepository],
  exports: [MachinesRepository],
})
export class MachinesModule {}
