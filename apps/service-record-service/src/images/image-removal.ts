import { Injectable } from '@nestjs/common';
import { OwnedImages } from '@wrenchlog/owned-images';
import type { CallContext } from '@wrenchlog/platform';
import type { Tx } from '../common/transactions.js';
import type { ServiceImageEntity } from './service-image.entity.js';
import { ServiceImagesRepository, type ImageKeys } from './service-images.repository.js';

/** Removes image rows inside the caller's transaction (a record's delete, an image delete) and tells the image worker to delete their objects. */
@Injectable()
export class ImageRemoval {
  constructor(
    private readonly rows: ServiceImagesRepository,
    private readonly images: OwnedImages<ServiceImageEntity>,
  ) {}

  async removeForRecords(tx: Tx, userId: number, recordIds: number[], ctx: CallContext): Promise<number> {
    return this.remove(tx, userId, await this.rows.keysOfRecords(tx, userId, recordIds), ctx);
  }

  remove(tx: Tx, userId: number, images: ImageKeys[], ctx: CallContext): Promise<number> {
    return this.images.remove(tx, userId, images, ctx);
  }
}
