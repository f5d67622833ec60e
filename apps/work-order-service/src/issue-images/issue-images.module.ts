import { Module } from '@nestjs/common';
import { OwnedImagesModule } from '@wrenchlog/owned-images';
import { MachinesModule } from '../machines/machines.module.js';
import { IssueImageEntity } from './issue-image.entity.js';
import { IssueImagesController } from './issue-images.controller.js';
import { IssueImagesRepository } from './issue-images.repository.js';
import { IssueImagesService } from './issue-images.service.js';

/**
 * Issues' photos (issue 35); the owned-images module records, announces and removes them and
 * re-announces pending ones. Exports IssueImagesService: the issue reads answer an issue's photos,
 * and deleting an issue removes them in its transaction.
 */
@Module({
  imports: [
    MachinesModule,
    OwnedImagesModule.register<IssueImageEntity>({
      owner: 'work-order-service',
      entity: IssueImageEntity,
      placeOf: (image) => ({ recordId: image.issueId, machineId: image.machineId }),
      // The gateway sends a thumbnail's size exactly when it stored one (checked on add).
      thumbnailUploaded: (image) => image.thumbnailSize !== null,
    }),
  ],
  controllers: [IssueImagesController],
  providers: [IssueImagesService, IssueImagesRepository],
  exports: [IssueImagesService],
})
export class IssueImagesModule {}
