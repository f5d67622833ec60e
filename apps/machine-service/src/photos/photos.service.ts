import { Injectable } from '@nestjs/common';
import {
  IMAGE_DELETED,
  IMAGE_STORED,
  type Actor,
  type DeletedReply,
  type ImageDeletedEvent,
  type ImageProcessedEvent,
  type ImageStoredEvent,
  type MachinePhotoKeys,
  type StoredImageRef,
} from '@wrenchlog/contracts';
import { badRequest, conflict, notFound, Outbox, requireActor, type CallContext } from '@wrenchlog/platform';
import { DataSource, In, LessThan, type EntityManager } from 'typeorm';
import { assertGalleryRoom } from '../machines/machine-rules.js';
import { MachineEntity } from '../machines/machine.entity.js';
import { machineId, ownMachine } from '../machines/machines.service.js';
import { MachinePhotoEntity, type PhotoKind } from './machine-photo.entity.js';

const KEY = /^u\d+\/[A-Za-z0-9-]{8,80}-(original|thumb)\.(jpg|png|webp)$/;

export const toPhotoKeys = (p: MachinePhotoEntity): MachinePhotoKeys => ({
  id: p.id,
  originalKey: p.originalKey,
  thumbnailKey: p.thumbnailKey,
  state: p.state,
  error: p.error,
});

/**
 * A machine's profile photo and gallery (at most 5). The gateway has checked and stored the
 * objects; this records them and tells the image worker (image.stored) through the outbox, or
 * refuses, and then the gateway deletes the objects, so nothing of a refused upload is kept.
 */
@Injectable()
export class PhotosService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
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
    checkImages(userId, [image]);
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
        await this.removePhotos(manager, userId, [previous], ctx);
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
        await this.removePhotos(manager, userId, [photo], ctx);
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
    checkImages(userId, images);
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
      await this.removePhotos(manager, userId, photos, ctx);
      return { deleted: photos.length };
    });
  }

  /** The worker finished (or gave up on) a photo: show its state to the owner. Idempotent. */
  async onProcessed(event: ImageProcessedEvent): Promise<void> {
    if (event.owner !== 'machine-service') {
      return;
    }
    await this.dataSource.manager.update(MachinePhotoEntity, { originalKey: event.originalKey, userId: event.userId }, { state: event.state, error: event.error });
  }

  /**
   * Photos already recorded under these object keys (a retried upload). The keys are the caller's
   * own (checkImages); one recorded for another machine or role is a conflict, never reused.
   */
  private async recorded(manager: EntityManager, machine: MachineEntity, kind: PhotoKind, images: StoredImageRef[]): Promise<MachinePhotoEntity[]> {
    const known = await manager.find(MachinePhotoEntity, { where: { originalKey: In(images.map((i) => i.originalKey)) } });
    if (known.some((p) => p.userId !== machine.userId || p.machineId !== machine.id || p.kind !== kind)) {
      throw conflict('A photo of this upload is already stored elsewhere');
    }
    return known;
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

  private async addPhotos(manager: EntityManager, machine: MachineEntity, kind: PhotoKind, images: StoredImageRef[], ctx: CallContext): Promise<MachinePhotoEntity[]> {
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
      await this.announce(manager, photo, ctx);
      added.push(photo);
    }
    return added;
  }

  /** image.stored for a photo, through the outbox of the caller's transaction. */
  private async announce(manager: EntityManager, photo: MachinePhotoEntity, ctx: CallContext): Promise<void> {
    const event: ImageStoredEvent = {
      userId: photo.userId,
      owner: 'machine-service',
      recordId: photo.machineId,
      machineId: photo.machineId,
      originalKey: photo.originalKey,
      thumbnailKey: photo.thumbnailKey,
      contentType: photo.contentType,
      originalSize: photo.originalSize,
      thumbnailSize: photo.thumbnailSize,
      thumbnailUploaded: photo.thumbnailUploaded,
    };
    await this.outbox.enqueue(manager, IMAGE_STORED, event, ctx);
  }

  /**
   * Announces photos still pending after `olderThanMs` to the image worker again: if the first
   * image.stored was lost the worker records and processes the photo now; if only its answer was
   * lost the worker answers again. Both sides are idempotent, so nothing is done twice.
   */
  async reannouncePending(olderThanMs: number, limit = 100): Promise<number> {
    const photos = await this.dataSource.manager.find(MachinePhotoEntity, {
      where: { state: 'pending', createdAt: LessThan(new Date(Date.now() - olderThanMs)) },
      order: { id: 'ASC' },
      take: limit,
    });
    for (const photo of photos) {
      await this.dataSource.transaction((manager) => this.announce(manager, photo, { actor: { userId: photo.userId, adminLevel: 0 } }));
    }
    return photos.length;
  }

  private async removePhotos(manager: EntityManager, userId: number, photos: MachinePhotoEntity[], ctx: CallContext): Promise<void> {
    await manager.delete(MachinePhotoEntity, { id: In(photos.map((p) => p.id)), userId });
    const event: ImageDeletedEvent = { userId, owner: 'machine-service', images: photos.map((p) => ({ originalKey: p.originalKey, thumbnailKey: p.thumbnailKey })) };
    await this.outbox.enqueue(manager, IMAGE_DELETED, event, ctx);
  }
}

/** Keys come from the gateway, generated under the caller's own prefix; anything else is refused. */
function checkImages(userId: number, images: StoredImageRef[]): void {
  if (!Array.isArray(images) || images.length === 0) {
    throw badRequest('Select at least one photo to upload');
  }
  for (const image of images) {
    if (!KEY.test(image?.originalKey ?? '') || !KEY.test(image?.thumbnailKey ?? '') || !image.originalKey.startsWith(`u${userId}/`) || !image.thumbnailKey.startsWith(`u${userId}/`)) {
      throw badRequest('Invalid image reference');
    }
  }
}
