import { Injectable } from '@nestjs/common';
import { type Actor, type DeletedReply, type ImageProcessedEvent, type MachinePhotoKeys, type StoredImageRef } from '@wrenchlog/contracts';
import { OwnedImages } from '@wrenchlog/owned-images';
import { badRequest, notFound, requireActor, type CallContext } from '@wrenchlog/platform';
import { DataSource, In, type EntityManager } from 'typeorm';
import { assertGalleryRoom } from '../machines/machine-rules.js';
import { MachineEntity } from '../machines/machine.entity.js';
import { machineId, ownMachine } from '../machines/machines.service.js';
import { MachinePhotoEntity, type PhotoKind } from './machine-photo.entity.js';

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
    private readonly dataSource: DataSource,
    private readonly images: OwnedImages<MachinePhotoEntity>,
  ) {}

  async profilePhoto(actor: Actor | null, id: unknown): Promise<MachinePhotoKeys> {
    const { userId } = requireActor(actor);
    const machine = await ownMachine(this.dataSource.manager, userId, machineId(id));
    const photo = machine.profilePhotoId ? await this.dataSource.manager.findOneBy(MachinePhotoEntity, { id: machine.profilePhotoId, userId }) : null;
    if (!photo) {
      throw notFound('This machine has no profile photo');
    }
    return toPhotoKeys(photo);
  }

  /** Sets the profile photo, replacing (and deleting) the one before. */
  async setProfilePhoto(actor: Actor | null, id: unknown, image: StoredImageRef, ctx: CallContext): Promise<MachinePhotoKeys> {
    const { userId } = requireActor(actor);
    this.checkImages(userId, [image]);
    return this.dataSource.transaction(async (manager) => {
      const machine = await this.lockOwnMachine(manager, userId, machineId(id));
      const [replayed] = await this.recorded(manager, machine, 'profile', [image]);
      if (replayed) {
        return toPhotoKeys(replayed);
      }
      const previous = machine.profilePhotoId ? await manager.findOneBy(MachinePhotoEntity, { id: machine.profilePhotoId, userId }) : null;
      const [photo] = await this.addPhotos(manager, machine, 'profile', [image], ctx);
      await manager.update(MachineEntity, { id: machine.id, userId }, { profilePhotoId: photo.id });
      if (previous) {
        await this.images.remove(manager, userId, [previous], ctx);
      }
      return toPhotoKeys(photo);
    });
  }

  async deleteProfilePhoto(actor: Actor | null, id: unknown, ctx: CallContext): Promise<DeletedReply> {
    const { userId } = requireActor(actor);
    return this.dataSource.transaction(async (manager) => {
      const machine = await this.lockOwnMachine(manager, userId, machineId(id));
      const photo = machine.profilePhotoId ? await manager.findOneBy(MachinePhotoEntity, { id: machine.profilePhotoId, userId }) : null;
      await manager.update(MachineEntity, { id: machine.id, userId }, { profilePhotoId: null });
      if (photo) {
        await this.images.remove(manager, userId, [photo], ctx);
      }
      return { deleted: photo ? 1 : 0 };
    });
  }

  async gallery(actor: Actor | null, id: unknown): Promise<MachinePhotoKeys[]> {
    const { userId } = requireActor(actor);
    const machine = await ownMachine(this.dataSource.manager, userId, machineId(id));
    const photos = await this.dataSource.manager.find(MachinePhotoEntity, { where: { machineId: machine.id, userId, kind: 'gallery' }, order: { id: 'ASC' } });
    return photos.map(toPhotoKeys);
  }

  /** Adds photos to the gallery, all or none: an upload that would exceed 5 photos is refused whole. */
  async addToGallery(actor: Actor | null, id: unknown, images: StoredImageRef[], ctx: CallContext): Promise<MachinePhotoKeys[]> {
    const { userId } = requireActor(actor);
    this.checkImages(userId, images);
    return this.dataSource.transaction(async (manager) => {
      // The machine row is locked first, so two uploads at once cannot both take the last slot.
      const machine = await this.lockOwnMachine(manager, userId, machineId(id));
      // A retried upload (same object keys) answers the photos it recorded and adds only the rest.
      const recorded = await this.recorded(manager, machine, 'gallery', images);
      const fresh = images.filter((image) => !recorded.some((p) => p.originalKey === image.originalKey));
      if (fresh.length > 0) {
        assertGalleryRoom(await manager.countBy(MachinePhotoEntity, { machineId: machine.id, userId, kind: 'gallery' }), fresh.length);
      }
      const added = await this.addPhotos(manager, machine, 'gallery', fresh, ctx);
      return images.map((image) => toPhotoKeys([...recorded, ...added].find((p) => p.originalKey === image.originalKey)!));
    });
  }

  async deleteFromGallery(actor: Actor | null, id: unknown, photoIds: unknown, ctx: CallContext): Promise<DeletedReply> {
    const { userId } = requireActor(actor);
    const ids = Array.isArray(photoIds) ? photoIds.map(Number) : [];
    if (ids.length === 0 || ids.some((p) => !Number.isInteger(p) || p <= 0)) {
      throw badRequest('Invalid machine ID or no photos selected');
    }
    return this.dataSource.transaction(async (manager) => {
      const machine = await this.lockOwnMachine(manager, userId, machineId(id));
      const photos = await manager.find(MachinePhotoEntity, { where: { id: In(ids), machineId: machine.id, userId, kind: 'gallery' } });
      if (photos.length !== new Set(ids).size) {
        throw notFound('Photo not found');
      }
      await this.images.remove(manager, userId, photos, ctx);
      return { deleted: photos.length };
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
  private recorded(manager: EntityManager, machine: MachineEntity, kind: PhotoKind, images: StoredImageRef[]): Promise<MachinePhotoEntity[]> {
    return this.images.recorded(
      manager,
      images,
      (p) => p.userId === machine.userId && p.machineId === machine.id && p.kind === kind,
      'A photo of this upload is already stored elsewhere',
    );
  }

  /** The machine, owned by the caller, with its row locked for this transaction (an update takes the lock on both engines). */
  private async lockOwnMachine(manager: EntityManager, userId: number, id: number): Promise<MachineEntity> {
    const now = new Date();
    const result = await manager.update(MachineEntity, { id, userId }, { lastUpdated: now });
    if ((result.affected ?? 0) !== 1) {
      throw notFound('Machine not found');
    }
    return ownMachine(manager, userId, id);
  }

  private async addPhotos(
    manager: EntityManager,
    machine: MachineEntity,
    kind: PhotoKind,
    images: StoredImageRef[],
    ctx: CallContext,
  ): Promise<MachinePhotoEntity[]> {
    const added: MachinePhotoEntity[] = [];
    for (const image of images) {
      const photo = await manager.save(MachinePhotoEntity, {
        machineId: machine.id,
        userId: machine.userId,
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
      } as MachinePhotoEntity);
      await this.images.announce(manager, photo, ctx);
      added.push(photo);
    }
    return added;
  }

  /** At least one photo, each one's keys the gateway generated for this caller. */
  private checkImages(userId: number, images: StoredImageRef[]): void {
    if (!Array.isArray(images) || images.length === 0) {
      throw badRequest('Select at least one photo to upload');
    }
    this.images.checkRefs(userId, images);
  }
}
