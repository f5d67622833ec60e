import { Injectable } from '@nestjs/common';
import { OwnedImages } from '@wrenchlog/owned-images';
import type { CallContext } from '@wrenchlog/platform';
import type { Tx } from '../common/transactions.js';
import type { ServiceImageEntity } from './service-image.entity.js';
import { ServiceImagesRepository } from './service-images.repository.js';

/**
 * A record's delete takes its images along, inside the record's transaction: finds them by record
 * and hands them to OwnedImages (libs/owned-images), which removes the rows and tells the image
 * worker to delete their objects. Deleting chosen images uses OwnedImages directly (ImagesService).
 */
@Injectable()
export class ImageRemoval {
  constructor(
    private readonly rows: ServiceImagesRepository,
    private readonly images: OwnedImages<ServiceImageEntity>,
  ) {}

  async removeForRecords(tx: Tx, accountId: number, recordIds: number[], ctx: CallContext): Promise<number> {
    return this.images.remove(tx, accountId, await this.rows.keysOfRecords(tx, accountId, recordIds), ctx);
  }
}
