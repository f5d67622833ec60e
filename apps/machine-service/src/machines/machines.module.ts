import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboxModule } from '@wrenchlog/platform';
import { MachinePhotoEntity } from '../photos/machine-photo.entity.js';
import { PhotosModule } from '../photos/photos.module.js';
import { MachineExportController } from './machine-export.controller.js';
import { MachineEntity } from './machine.entity.js';
import { MachinesController } from './machines.controller.js';
import { MachinesService } from './machines.service.js';

/** Machines: their calls (the photo ones through PhotosService), the export and the events they publish. */
@Module({
  imports: [TypeOrmModule.forFeature([MachineEntity, MachinePhotoEntity]), OutboxModule, PhotosModule],
  controllers: [MachinesController, MachineExportController],
  providers: [MachinesService],
})
export class MachinesModule {}
