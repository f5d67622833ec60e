import { Injectable } from '@nestjs/common';
import { OwnedImages } from '@wrenchlog/owned-images';
import type { CallContext } from '@wrenchlog/platform';
import { In, type EntityManager } from 'typeorm';
import { ServiceImageEntity } from './service-image.entity.js';

/** Removes image rows inside the caller's transaction (a record's delete, an image delete) and tells the image worker to delete their objects. */
@Injectable()
export class ImageRemoval {
  constructor(private readonly images: OwnedImages<ServiceImageEntity>) {}

  async removeForRecords(manager: EntityManager, userId: number, recordIds: number[], ctx: CallContext): Promise<number> {
    if (recordIds.length === 0) {
      return 0;
    }
    const images = await manager.find(ServiceImageEntity, {
      where: { userId, recordId: In(recordIds) },
      select: { id: true, originalKey: true, thumbnailKey: true },
    });
    return this.remove(manager, userId, images, ctx);
  }

  remove(manager: EntityManager, userId: number, images: Pick<ServiceImageEntity, 'id' | 'originalKey' | 'thumbnailKey'>[], ctx: CallContext): Promise<number> {
    return this.images.remove(manager, userId, images, ctx);
  }
}
