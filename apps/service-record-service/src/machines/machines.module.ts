import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module.js';
import { RecordsModule } from '../records/records.module.js';
import { MachineHistoryService } from './machine-history.service.js';
import { MachinesController } from './machines.controller.js';
import { MachinesService } from './machines.service.js';

/** machine-service's events (they keep the records' machine projection) and a machine's history count. */
@Module({
  imports: [RecordsModule, ImagesModule],
  controllers: [MachinesController],
  providers: [MachinesService, MachineHistoryService],
})
export class MachinesModule {}
