import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IMAGE_PROCESSED_EVENTS, type ImageDeletedEvent, type ImageProcessedEvent, type ImageStats, type ImageStoredEvent } from '@wrenchlog/contracts';
import { Outbox } from '@wrenchlog/platform';
import { DataSource, In, Not, type EntityManager, type Repository } from 'typeorm';
import { ImageWorkerEnv } from '../config/image-worker-env.js';
import { DeletedMachineEntity } from './deleted-machine.entity.js';
import { LedgerImageEntity } from './ledger-image.entity.js';

export interface ProcessingOutcome {
  originalSize: number;
  thumbnailSize: number | null;
}

/**
 * The worker's ledger: one row per stored image, the single source of what still needs work.
 * A row is recorded once per originalKey (repeats are no-ops), processed while its state is
 * pending, and claimed for a while by the worker processing it, so a lost or repeated message,
 * a crash mid-image or a second replica never loses or doubles work.
 */
@Injectable()
export class LedgerService {
  constructor(
    @InjectRepository(LedgerImageEntity) private readonly images: Repository<LedgerImageEntity>,
    @InjectRepository(DeletedMachineEntity) private readonly deletedMachines: Repository<DeletedMachineEntity>,
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly env: ImageWorkerEnv,
  ) {}

  /**
   * Adds a stored image as pending; an image already in the ledger (or deleted) is left as it is.
   * Answers false when the image belongs to a machine deleted meanwhile: its objects should go.
   */
  async record(e: ImageStoredEvent): Promise<boolean> {
    const known = await this.images.findOneBy({ originalKey: e.originalKey, userId: e.userId, owner: e.owner });
    if (known && (known.state === 'processed' || known.state === 'failed')) {
      // The owner announces an image again because it never heard the outcome: tell it again.
      await this.dataSource.transaction((manager) =>
        this.report(manager, known, {
          state: known.state as 'processed' | 'failed',
          error: known.error,
          originalSize: known.originalSize,
          thumbnailSize: known.thumbnailSize,
        }),
      );
      return true;
    }
    if (known) {
      return known.state !== 'deleted';
    }
    await this.images
      .createQueryBuilder()
      .insert()
      .into(LedgerImageEntity)
      .values({
        userId: e.userId,
        owner: e.owner,
        recordId: e.recordId,
        machineId: e.machineId,
        originalKey: e.originalKey,
        thumbnailKey: e.thumbnailKey,
        contentType: e.contentType,
        thumbnailUploaded: e.thumbnailUploaded,
        originalSize: e.originalSize,
        thumbnailSize: e.thumbnailSize,
        state: 'pending',
        error: null,
        attempts: 0,
        claimedUntil: null,
        processedAt: null,
        createdAt: new Date(),
      })
      .orIgnore()
      .execute();
    // Checked after the insert: machine.machine.deleted marks rows after writing its tombstone,
    // so whichever of the two runs second sees the other.
    if (e.machineId !== null && (await this.deletedMachines.existsBy({ userId: e.userId, machineId: e.machineId }))) {
      await this.images.update({ originalKey: e.originalKey, userId: e.userId }, { state: 'deleted', claimedUntil: null });
      return false;
    }
    return true;
  }

  /** Pending images nobody holds, oldest first. */
  async nextCandidates(limit: number): Promise<LedgerImageEntity[]> {
    const now = new Date();
    return this.images
      .createQueryBuilder('i')
      .where("i.state = 'pending'")
      .andWhere('(i.claimed_until IS NULL OR i.claimed_until < :now)', { now })
      .orderBy('i.id', 'ASC')
      .take(limit)
      .getMany();
  }

  /** Takes an image for processing for IMAGE_CLAIM_SECONDS; false when another worker holds it or it is done. */
  async claim(id: number): Promise<boolean> {
    const now = new Date();
    const result = await this.images
      .createQueryBuilder()
      .update(LedgerImageEntity)
      .set({ claimedUntil: new Date(now.getTime() + this.env.IMAGE_CLAIM_SECONDS * 1000), attempts: () => 'attempts + 1' })
      .where("id = :id AND state = 'pending' AND (claimed_until IS NULL OR claimed_until < :now)", { id, now })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  /** Extends the claim of an image this worker is still processing (a crashed worker's claim runs out). */
  async renew(id: number): Promise<void> {
    await this.images
      .createQueryBuilder()
      .update(LedgerImageEntity)
      .set({ claimedUntil: new Date(Date.now() + this.env.IMAGE_CLAIM_SECONDS * 1000) })
      .where("id = :id AND state = 'pending'", { id })
      .execute();
  }

  /** Marks a claimed image processed with its sizes and reports it to its owner, in one transaction. */
  async complete(image: LedgerImageEntity, outcome: ProcessingOutcome): Promise<boolean> {
    return this.finish(image, { state: 'processed', error: null, ...outcome });
  }

  /** Marks a claimed image failed with the reason its owner will see. */
  async fail(image: LedgerImageEntity, reason: string): Promise<boolean> {
    return this.finish(image, { state: 'failed', error: reason.slice(0, 500), originalSize: image.originalSize, thumbnailSize: image.thumbnailSize });
  }

  /** A transient problem (storage unreachable): leave it pending, retried once the claim runs out. */
  async release(image: LedgerImageEntity, retryInMs: number): Promise<void> {
    await this.images.update({ id: image.id, state: 'pending' }, { claimedUntil: new Date(Date.now() + retryInMs) });
  }

  private async finish(
    image: LedgerImageEntity,
    change: { state: 'processed' | 'failed'; error: string | null; originalSize: number; thumbnailSize: number | null },
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(LedgerImageEntity)
        .set({ ...change, claimedUntil: null, processedAt: new Date() })
        .where("id = :id AND state = 'pending'", { id: image.id })
        .execute();
      if ((result.affected ?? 0) !== 1) {
        // Deleted meanwhile, or finished by another worker after our claim ran out: report nothing twice.
        return false;
      }
      await this.report(manager, image, change);
      return true;
    });
  }

  /** image.processed to the owning service, through the outbox of the caller's transaction. */
  private async report(
    manager: EntityManager,
    image: LedgerImageEntity,
    change: { state: 'processed' | 'failed'; error: string | null; originalSize: number; thumbnailSize: number | null },
  ): Promise<void> {
    const event: ImageProcessedEvent = {
      userId: image.userId,
      owner: image.owner,
      recordId: image.recordId,
      originalKey: image.originalKey,
      thumbnailKey: image.thumbnailKey,
      ...change,
    };
    await this.outbox.enqueue(manager, IMAGE_PROCESSED_EVENTS[image.owner], event, { actor: { userId: image.userId, adminLevel: 0 } });
  }

  /** Whether the image is still wanted (not deleted while it was processed). */
  async isLive(id: number): Promise<boolean> {
    const row = await this.images.findOneBy({ id });
    return !!row && row.state !== 'deleted';
  }

  async countPending(): Promise<number> {
    return this.images.countBy({ state: 'pending' });
  }

  /** Account size: every image of the user, originals and thumbnails. */
  async stats(userId: number): Promise<Pick<ImageStats, 'imageCount' | 'totalImageSize'>> {
    const row = await this.images
      .createQueryBuilder('i')
      .select('COUNT(*)', 'count')
      .addSelect('COALESCE(SUM(i.original_size + COALESCE(i.thumbnail_size, 0)), 0)', 'bytes')
      .where('i.user_id = :userId', { userId })
      .andWhere("i.state <> 'deleted'")
      .getRawOne<{ count: string | number; bytes: string | number }>();
    return { imageCount: Number(row?.count ?? 0), totalImageSize: Number(row?.bytes ?? 0) };
  }

  /** Marks a deleted machine's images deleted (and the machine, for images announced later); answers their object keys. */
  async removeForMachine(userId: number, machineId: number): Promise<string[]> {
    await this.deletedMachines
      .createQueryBuilder()
      .insert()
      .into(DeletedMachineEntity)
      .values({ userId, machineId, deletedAt: new Date() })
      .orIgnore()
      .execute();
    const rows = await this.images.find({ where: { userId, machineId, state: Not('deleted') } });
    if (rows.length > 0) {
      await this.images.update({ id: In(rows.map((r) => r.id)) }, { state: 'deleted', claimedUntil: null });
    }
    return rows.flatMap((r) => [r.originalKey, r.thumbnailKey]);
  }

  /**
   * Marks the listed images deleted, keeping their keys as tombstones so an image.stored that
   * arrives after this is ignored; answers every object key to delete.
   */
  async removeKeys(e: ImageDeletedEvent): Promise<string[]> {
    const images = (e.images ?? []).filter((i) => i?.originalKey && i?.thumbnailKey);
    for (const image of images) {
      await this.images
        .createQueryBuilder()
        .insert()
        .into(LedgerImageEntity)
        .values({
          userId: e.userId,
          owner: e.owner,
          recordId: 0,
          machineId: null,
          originalKey: image.originalKey,
          thumbnailKey: image.thumbnailKey,
          contentType: '',
          thumbnailUploaded: false,
          originalSize: 0,
          thumbnailSize: null,
          state: 'deleted',
          error: null,
          attempts: 0,
          claimedUntil: null,
          processedAt: null,
          createdAt: new Date(),
        })
        .orIgnore()
        .execute();
      await this.images.update({ originalKey: image.originalKey, userId: e.userId, owner: e.owner }, { state: 'deleted', claimedUntil: null });
    }
    return images.flatMap((i) => [i.originalKey, i.thumbnailKey]);
  }
}
