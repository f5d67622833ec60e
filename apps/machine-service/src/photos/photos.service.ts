import { Injectable } from '@nestjs/common';
import {
  IMPORT_PHOTO_REVERT_CALL_MAX,
  importPhotoKeyPrefix,
  isValidId,
  type Actor,
  type DeletedReply,
  type ImageProcessedEvent,
  type ImportRevertPhotosRequest,
  type MachinePhotoKeys,
  type StoredImageRef,
} from '@wrenchlog/contracts';
import { OwnedImages } from '@wrenchlog/owned-images';
import { badRequest, notFound, type CallContext } from '@wrenchlog/platform';
import { Transactions, type Tx } from '../common/transactions.js';
import { MachineAccess } from '../machines/machine-access.js';
import { assertGalleryRoom, machineId, maySee, ownedOr404 } from '../machines/machine-rules.js';
import type { MachineEntity } from '../machines/machine.entity.js';
import { MachinesRepository } from '../machines/machines.repository.js';
import type { MachinePhotoEntity, PhotoKind } from './machine-photo.entity.js';
import { MachinePhotosRepository } from './machine-photos.repository.js';

export const toPhotoKeys = (p: MachinePhotoEntity): MachinePhotoKeys => ({
  id: p.id,
  originalKey: p.originalKey,
  thumbnailKey: p.thumbnailKey,
  state: p.state,
  error: p.error,
});

/**
 * A machine's profile photo and gallery (at most 5). The gateway has checked and stored the
 * objects; this records them and tells the image worker (image.stored, through OwnedImages) or
 * refuses, and then the gateway deletes the objects, so nothing of a refused upload is kept.
 */
@Injectable()
export class PhotosService {
  constructor(
    private readonly machines: MachinesRepository,
    private readonly photos: MachinePhotosRepository,
    private readonly transactions: Transactions,
    private readonly images: OwnedImages<MachinePhotoEntity>,
    private readonly access: MachineAccess,
  ) {}

  async profilePhoto(actor: Actor, id: unknown): Promise<MachinePhotoKeys> {
    const machine = await this.visibleMachine(actor, id);
    const photo = machine.profilePhotoId ? await this.photos.owned(actor.accountId, machine.profilePhotoId) : null;
    if (!photo) {
      throw notFound('This machine has no profile photo');
    }
    return toPhotoKeys(photo);
  }

  /** Sets the profile photo, replacing (and deleting) the one before. */
  async setProfilePhoto(actor: Actor, id: unknown, image: StoredImageRef, ctx: CallContext): Promise<MachinePhotoKeys> {
    const { accountId } = actor;
    this.checkImages(accountId, [image]);
    return this.transactions.run(async (tx) => {
      const machine = await this.lockOwnMachine(tx, actor, machineId(id));
      const [replayed] = await this.recorded(tx, machine, 'profile', [image]);
      if (replayed) {
        return toPhotoKeys(replayed);
      }
      const previous = machine.profilePhotoId ? await this.photos.owned(accountId, machine.profilePhotoId, tx) : null;
      const [photo] = await this.addPhotos(tx, machine, 'profile', [image], ctx);
      await this.machines.setProfilePhoto(tx, accountId, machine.id, photo.id);
      if (previous) {
        await this.images.remove(tx, accountId, [previous], ctx);
      }
      return toPhotoKeys(photo);
    });
  }

  async deleteProfilePhoto(actor: Actor, id: unknown, ctx: CallContext): Promise<DeletedReply> {
    const { accountId } = actor;
    return this.transactions.run(async (tx) => {
      const machine = await this.lockOwnMachine(tx, actor, machineId(id));
      const photo = machine.profilePhotoId ? await this.photos.owned(accountId, machine.profilePhotoId, tx) : null;
      await this.machines.setProfilePhoto(tx, accountId, machine.id, null);
      if (photo) {
        await this.images.remove(tx, accountId, [photo], ctx);
      }
      return { deleted: photo ? 1 : 0 };
    });
  }

  async gallery(actor: Actor, id: unknown): Promise<MachinePhotoKeys[]> {
    const machine = await this.visibleMachine(actor, id);
    const photos = await this.photos.gallery(actor.accountId, machine.id);
    return photos.map(toPhotoKeys);
  }

  /** Adds photos to the gallery, all or none: an upload that would exceed 5 photos is refused whole. */
  async addToGallery(actor: Actor, id: unknown, images: StoredImageRef[], ctx: CallContext): Promise<MachinePhotoKeys[]> {
    const { accountId } = actor;
    this.checkImages(accountId, images);
    return this.transactions.run(async (tx) => {
      // The machine row is locked first, so two uploads at once cannot both take the last slot.
      const machine = await this.lockOwnMachine(tx, actor, machineId(id));
      // A retried upload (same object keys) answers the photos it recorded and adds only the rest.
      const recorded = await this.recorded(tx, machine, 'gallery', images);
      const fresh = images.filter((image) => !recorded.some((p) => p.originalKey === image.originalKey));
      if (fresh.length > 0) {
        assertGalleryRoom(await this.photos.countOfKind(tx, accountId, machine.id, 'gallery'), fresh.length);
      }
      const added = await this.addPhotos(tx, machine, 'gallery', fresh, ctx);
      return images.map((image) => toPhotoKeys([...recorded, ...added].find((p) => p.originalKey === image.originalKey)!));
    });
  }

  async deleteFromGallery(actor: Actor, id: unknown, photoIds: unknown, ctx: CallContext): Promise<DeletedReply> {
    const { accountId } = actor;
    const ids = Array.isArray(photoIds) ? photoIds.map(Number) : [];
    if (ids.length === 0 || ids.some((p) => !Number.isInteger(p) || p <= 0)) {
      throw badRequest('Invalid machine ID or no photos selected');
    }
    return this.transactions.run(async (tx) => {
      const machine = await this.lockOwnMachine(tx, actor, machineId(id));
      const photos = await this.photos.galleryByIds(tx, accountId, machine.id, ids);
      if (photos.length !== new Set(ids).size) {
        throw notFound('Photo not found');
      }
      await this.images.remove(tx, accountId, photos, ctx);
      return { deleted: photos.length };
    });
  }

  /**
   * machine.import.revertPhotos: removes the photos a restore stored (keys under the import's
   * prefix), at most IMPORT_PHOTO_REVERT_CALL_MAX a call; a machine whose profile they were has none.
   */
  async revertImport(actor: Actor, request: ImportRevertPhotosRequest, ctx: CallContext): Promise<DeletedReply> {
    if (!isValidId(request?.importId)) {
      throw badRequest('Invalid import ID');
    }
    const prefix = importPhotoKeyPrefix(actor.accountId, request.importId);
    return this.transactions.run(async (tx) => {
      const removed = await this.images.removeUnderPrefix(tx, actor.accountId, prefix, IMPORT_PHOTO_REVERT_CALL_MAX, ctx);
      for (const photo of removed.filter((p) => p.kind === 'profile')) {
        await this.machines.clearProfilePhoto(tx, actor.accountId, photo.machineId, photo.id);
      }
      return { deleted: removed.length };
    });
  }

  /** The worker finished (or gave up on) a photo: show its state to the owner. Idempotent. */
  onProcessed(event: ImageProcessedEvent): Promise<void> {
    return this.images.onProcessed(event);
  }

  /** Announces photos the worker has not reported on again (the reconciler's pass; see OwnedImages). */
  reannouncePending(olderThanMs: number, limit?: number): Promise<number> {
    return this.images.reannouncePending(olderThanMs, limit);
  }

  /** Photos already recorded under these object keys (a retried upload); one recorded for another machine or role is a conflict. */
  private recorded(tx: Tx, machine: MachineEntity, kind: PhotoKind, images: StoredImageRef[]): Promise<MachinePhotoEntity[]> {
    return this.images.recorded(
      tx,
      images,
      (p) => p.accountId === machine.accountId && p.machineId === machine.id && p.kind === kind,
      'A photo of this upload is already stored elsewhere',
    );
  }

  /** A machine of the caller's account that the caller sees (an assigned member: one of theirs); 404 when not. */
  private async visibleMachine(actor: Actor, id: unknown): Promise<MachineEntity> {
    const target = machineId(id);
    return ownedOr404(await this.machines.owned(actor.accountId, target), await this.access.visible(actor));
  }

  /**
   * The machine, of the caller's account and seen by the caller, with its row locked for this
   * transaction and the change counted as the caller's (lastUpdated, updatedBy); 404 when not.
   */
  private async lockOwnMachine(tx: Tx, actor: Actor, id: number): Promise<MachineEntity> {
    const visible = await this.access.visible(actor);
    return ownedOr404(maySee(visible, id) ? await this.machines.lockOwned(tx, actor.accountId, id, new Date(), actor.userId) : null);
  }

  private async addPhotos(tx: Tx, machine: MachineEntity, kind: PhotoKind, images: StoredImageRef[], ctx: CallContext): Promise<MachinePhotoEntity[]> {
    const added: MachinePhotoEntity[] = [];
    for (const image of images) {
      const photo = await this.photos.add(tx, {
        machineId: machine.id,
        accountId: machine.accountId,
        kind,
        originalKey: image.originalKey,
        thumbnailKey: image.thumbnailKey,
        contentType: image.contentType,
        originalSize: image.originalSize,
        thumbnailSize: image.thumbnailSize,
        thumbnailUploaded: image.thumbnailUploaded,
        state: 'pending',
        error: null,
        createdAt: new Date(),
      });
      await this.images.announce(tx, photo, ctx);
      added.push(photo);
    }
    return added;
  }

  /** At least one photo, each one's keys the gateway generated for this caller. */
  private checkImages(accountId: number, images: StoredImageRef[]): void {
    if (!Array.isArray(images) || images.length === 0) {
      throw badRequest('Select at least one photo to upload');
    }
    this.images.checkRefs(accountId, images);
  }
}
