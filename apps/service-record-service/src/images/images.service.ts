import { Injectable } from '@nestjs/common';
import {
  IMPORT_PHOTO_REVERT_CALL_MAX,
  importPhotoKeyPrefix,
  isValidId,
  MAX_SERVICE_IMAGES_PER_UPLOAD,
  SERVICE_IMAGE_LIST_MAX,
  ServiceImageMessages,
  ServiceRecordMessages,
  type Actor,
  type AddServiceImagesRequest,
  type DeleteServiceImagesRequest,
  type ImageProcessedEvent,
  type ImportRevertPhotosRequest,
  type ImportRevertPhotosResult,
  type NewServiceImage,
  type RpcMeta,
  type ServiceImageKeys,
  type ServiceImagesDeleted,
} from '@wrenchlog/contracts';
import { cleanFileName, isStoredImageRef, OwnedImages } from '@wrenchlog/owned-images';
import { notFound, validationFailed } from '@wrenchlog/platform';
import { callContext } from '../common/call-context.js';
import { MachineAccess, maySee } from '../common/machine-access.js';
import { Transactions, type Tx } from '../common/transactions.js';
import type { ServiceImageEntity } from './service-image.entity.js';
import { ServiceImagesRepository } from './service-images.repository.js';

const toKeys = (i: ServiceImageEntity): ServiceImageKeys => ({
  id: i.id,
  fileName: i.fileName,
  originalKey: i.originalKey,
  thumbnailKey: i.thumbnailKey,
  state: i.state,
  error: i.error,
});

const invalidId = () => validationFailed(ServiceRecordMessages.invalidId, [{ field: 'id', message: ServiceRecordMessages.invalidId }]);

/** Photos of service records: only a saved record of the account's, of a machine the caller sees, takes them. */
@Injectable()
export class ImagesService {
  constructor(
    private readonly rows: ServiceImagesRepository,
    private readonly transactions: Transactions,
    private readonly images: OwnedImages<ServiceImageEntity>,
    private readonly access: MachineAccess,
  ) {}

  /**
   * Records images the gateway has already checked and stored, and hands each to the image worker
   * (image.image.stored). Idempotent per object key, so a retried call adds nothing twice.
   */
  async add(actor: Actor, request: AddServiceImagesRequest, meta?: RpcMeta): Promise<ServiceImageKeys[]> {
    if (!isValidId(request?.recordId)) {
      throw invalidId();
    }
    const images: NewServiceImage[] = Array.isArray(request.images) ? request.images : [];
    if (images.length === 0 || images.length > MAX_SERVICE_IMAGES_PER_UPLOAD || !images.every(isStoredImageRef)) {
      throw validationFailed(ServiceImageMessages.noImages, [{ field: 'images', message: ServiceImageMessages.noImages }]);
    }
    this.images.checkRefs(actor.accountId, images);
    const ctx = callContext(actor, meta);
    return this.transactions.run(async (tx) => {
      const record = await this.ownedRecord(actor, request.recordId, tx);
      const known = await this.images.recorded(
        tx,
        images,
        (k) => k.accountId === actor.accountId && k.recordId === record.id,
        'An image of this upload is already stored for another record',
      );
      const added: ServiceImageEntity[] = [];
      for (const image of images) {
        const existing = known.find((k) => k.originalKey === image.originalKey);
        if (existing) {
          added.push(existing);
          continue;
        }
        const row = await this.rows.add(tx, {
          accountId: actor.accountId,
          recordId: record.id,
          machineId: record.machineId,
          fileName: cleanFileName(image.fileName),
          originalKey: image.originalKey,
          thumbnailKey: image.thumbnailKey,
          contentType: image.contentType,
          originalSize: image.originalSize,
          thumbnailSize: image.thumbnailSize,
          state: 'pending',
          error: null,
          createdAt: new Date(),
        });
        await this.images.announce(tx, row, ctx);
        added.push(row);
      }
      return added.map(toKeys);
    });
  }

  /** The record's photos, first added first: at most SERVICE_IMAGE_LIST_MAX (the spec's call is unpaged). */
  async list(actor: Actor, recordId: number): Promise<ServiceImageKeys[]> {
    if (!isValidId(recordId)) {
      throw invalidId();
    }
    await this.ownedRecord(actor, recordId);
    const rows = await this.rows.ofRecord(actor.accountId, recordId, SERVICE_IMAGE_LIST_MAX);
    return rows.map(toKeys);
  }

  async count(actor: Actor, recordId: number): Promise<number> {
    if (!isValidId(recordId)) {
      throw invalidId();
    }
    await this.ownedRecord(actor, recordId);
    return this.rows.countOfRecord(actor.accountId, recordId);
  }

  /** Deletes the listed images of one record; ids that are not (or no longer) there are skipped. */
  async delete(actor: Actor, request: DeleteServiceImagesRequest, meta?: RpcMeta): Promise<ServiceImagesDeleted> {
    const ids = request?.imageIds;
    if (!isValidId(request?.recordId) || !Array.isArray(ids) || ids.length === 0 || !ids.every(isValidId)) {
      throw validationFailed(ServiceImageMessages.invalidDelete, [{ field: 'imageIds', message: ServiceImageMessages.invalidDelete }]);
    }
    const ctx = callContext(actor, meta);
    return this.transactions.run(async (tx) => {
      await this.ownedRecord(actor, request.recordId, tx);
      const images = await this.rows.keysByIds(tx, actor.accountId, request.recordId, [...new Set(ids)]);
      return { deleted: await this.images.remove(tx, actor.accountId, images, ctx) };
    });
  }

  /** service.import.revertImages: removes the images a restore stored (keys under the import's prefix), at most IMPORT_PHOTO_REVERT_CALL_MAX a call. */
  async revertImport(actor: Actor, request: ImportRevertPhotosRequest, meta?: RpcMeta): Promise<ImportRevertPhotosResult> {
    if (!isValidId(request?.importId)) {
      throw validationFailed('Invalid import ID', [{ field: 'importId', message: 'Invalid import ID' }]);
    }
    const prefix = importPhotoKeyPrefix(actor.accountId, request.importId);
    const ctx = callContext(actor, meta);
    return this.transactions.run(async (tx) => ({
      deleted: (await this.images.removeUnderPrefix(tx, actor.accountId, prefix, IMPORT_PHOTO_REVERT_CALL_MAX, ctx)).length,
    }));
  }

  /** The worker finished (or gave up on) an image: keep its state and sizes. Idempotent. */
  onProcessed(event: ImageProcessedEvent): Promise<void> {
    return this.images.onProcessed(event);
  }

  /** Announces images the worker has not reported on again (the reconciler's pass; see OwnedImages). */
  reannouncePending(olderThanMs: number, limit?: number): Promise<number> {
    return this.images.reannouncePending(olderThanMs, limit);
  }

  /** The account's record, 404 also when its machine is not one the caller sees (a mechanic's assignment). */
  private async ownedRecord(actor: Actor, id: number, tx?: Tx): Promise<{ id: number; machineId: number }> {
    const [record, seen] = await Promise.all([this.rows.recordOf(actor.accountId, id, tx), this.access.of(actor)]);
    if (!record || !maySee(seen, record.machineId)) {
      throw notFound(ServiceRecordMessages.notFound);
    }
    return record;
  }
}
