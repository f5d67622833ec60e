import { Injectable } from '@nestjs/common';
import { IMAGE_DELETED, type ImageDeletedEvent } from '@wrenchlog/contracts';
import { Outbox, type CallContext } from '@wrenchlog/platform';
import { In, type EntityManager } from 'typeorm';
import { ServiceImageEntity } from './service-image.entity.js';

/** Removes image rows inside the caller's transaction and tells the image worker to delete their objects. */
@Injectable()
export class ImageRemoval {
  constructor(private readonly outbox: Outbox) {}

  async removeForRecords(manager: EntityManager, userId: number, recordIds: number[], ctx: CallContext): Promise<number> {
    if (recordIds.length === 0) {
      return 0;
    }
    const images = await manager.find(ServiceImageEntity, { where: { userId, recordId: In(recordIds) }, select: { id: true, originalKey: true, thumbnailKey: true } });
    return this.remove(manager, userId, images, ctx);
  }

  async remove(manager: EntityManager, userId: number, images: Pick<ServiceImageEntity, 'id' | 'originalKey' | 'thumbnailKey'>[], ctx: CallContext): Promise<number> {
    if (images.length === 0) {
      return 0;
    }
    await manager.delete(ServiceImageEntity, { userId, id: In(images.map((i) => i.id)) });
    const event: ImageDeletedEvent = { userId, owner: 'service-record-service', images: images.map((i) => ({ originalKey: i.originalKey, thumbnailKey: i.thumbnailKey })) };
    await this.outbox.enqueue(manager, IMAGE_DELETED, event, ctx);
    return images.length;
  }
}
