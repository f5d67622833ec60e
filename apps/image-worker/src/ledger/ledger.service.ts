import { Injectable } from '@nestjs/common';
import {
  accountActor,
  eventAccountId,
  IMAGE_PROCESSED_EVENTS,
  type ImageDeletedEvent,
  type ImageProcessedEvent,
  type ImageStats,
  type ImageStoredEvent,
} from '@wrenchlog/contracts';
import { Outbox } from '@wrenchlog/platform';
import { Transactions, type Tx } from '../common/transactions.js';
import { ImageWorkerEnv } from '../config/image-worker-env.js';
import type { LedgerImageEntity } from './ledger-image.entity.js';
import { LedgerRepository, type Finish } from './ledger.repository.js';

export interface ProcessingOutcome {
  originalSize: number;
  thumbnailSize: number | null;
}

/** The longest failure reason kept (and shown to the image's owner). */
const MAX_ERROR_LENGTH = 500;

/**
 * The worker's ledger: one row per stored image, the single source of what still needs work.
 * A row is recorded once per originalKey (repeats are no-ops), processed while its state is
 * pending, and claimed for a while by the worker processing it, so a lost or repeated message,
 * a crash mid-image or a second replica never loses or doubles work.
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly tx: Transactions,
    private readonly outbox: Outbox,
    private readonly env: ImageWorkerEnv,
  ) {}

  /**
   * Adds a stored image as pending; an image already in the ledger (or deleted) is left as it is.
   * Answers false when the image belongs to a machine deleted meanwhile: its objects should go.
   */
  async record(e: ImageStoredEvent): Promise<boolean> {
    // An image.stored written before accounts names its owner's user id: the id of their account.
    const accountId = eventAccountId(e);
    const known = await this.ledger.byKey(accountId, e.owner, e.originalKey);
    if (known && (known.state === 'processed' || known.state === 'failed')) {
      // The owner announces an image again because it never heard the outcome: tell it again.
      await this.tx.run((tx) =>
        this.report(tx, known, {
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
    await this.ledger.insertOnce({
      accountId,
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
    });
    // Checked after the insert: machine.machine.deleted marks rows after writing its tombstone,
    // so whichever of the two runs second sees the other.
    if (e.machineId !== null && (await this.ledger.isMachineDeleted(accountId, e.machineId))) {
      await this.ledger.markDeleted(accountId, e.originalKey);
      return false;
    }
    return true;
  }

  /** Pending images nobody holds, oldest first. */
  nextCandidates(limit: number): Promise<LedgerImageEntity[]> {
    return this.ledger.unclaimedPending(limit, new Date());
  }

  /** Takes an image for processing for IMAGE_CLAIM_SECONDS; false when another worker holds it or it is done. */
  claim(id: number): Promise<boolean> {
    const now = new Date();
    return this.ledger.claim(id, now, this.claimEnd(now.getTime()));
  }

  /** Extends the claim of an image this worker is still processing (a crashed worker's claim runs out). */
  async renew(id: number): Promise<void> {
    await this.ledger.holdUntil(id, this.claimEnd(Date.now()));
  }

  /** Marks a claimed image processed with its sizes and reports it to its owner, in one transaction. */
  async complete(image: LedgerImageEntity, outcome: ProcessingOutcome): Promise<boolean> {
    return this.finish(image, { state: 'processed', error: null, ...outcome });
  }

  /** Marks a claimed image failed with the reason its owner will see. */
  async fail(image: LedgerImageEntity, reason: string): Promise<boolean> {
    return this.finish(image, {
      state: 'failed',
      error: reason.slice(0, MAX_ERROR_LENGTH),
      originalSize: image.originalSize,
      thumbnailSize: image.thumbnailSize,
    });
  }

  /** A transient problem (storage unreachable): leave it pending, retried once the claim runs out. */
  async release(image: LedgerImageEntity, retryInMs: number): Promise<void> {
    await this.ledger.holdUntil(image.id, new Date(Date.now() + retryInMs));
  }

  private claimEnd(from: number): Date {
    return new Date(from + this.env.IMAGE_CLAIM_SECONDS * 1000);
  }

  private async finish(image: LedgerImageEntity, change: Finish): Promise<boolean> {
    return this.tx.run(async (tx) => {
      if (!(await this.ledger.finish(tx, image.id, change, new Date()))) {
        // Deleted meanwhile, or finished by another worker after our claim ran out: report nothing twice.
        return false;
      }
      await this.report(tx, image, change);
      return true;
    });
  }

  /** image.processed to the owning service, through the outbox of the caller's transaction. */
  private async report(tx: Tx, image: LedgerImageEntity, change: Finish): Promise<void> {
    const event: ImageProcessedEvent = {
      accountId: image.accountId,
      owner: image.owner,
      recordId: image.recordId,
      originalKey: image.originalKey,
      thumbnailKey: image.thumbnailKey,
      ...change,
    };
    await this.outbox.enqueue(tx, IMAGE_PROCESSED_EVENTS[image.owner], event, { actor: accountActor(image.accountId) });
  }

  /** Whether the image is still wanted (not deleted while it was processed). */
  async isLive(id: number): Promise<boolean> {
    const row = await this.ledger.byId(id);
    return !!row && row.state !== 'deleted';
  }

  countPending(): Promise<number> {
    return this.ledger.countPending();
  }

  /** Account size: every image of the account, originals and thumbnails. */
  async stats(accountId: number): Promise<Pick<ImageStats, 'imageCount' | 'totalImageSize'>> {
    const { count, bytes } = await this.ledger.sizeOf(accountId);
    return { imageCount: count, totalImageSize: bytes };
  }

  /** Marks a deleted machine's images deleted (and the machine, for images announced later); answers their object keys. */
  async removeForMachine(accountId: number, machineId: number): Promise<string[]> {
    await this.ledger.addDeletedMachine(accountId, machineId, new Date());
    const rows = await this.ledger.deleteOfMachine(accountId, machineId);
    return rows.flatMap((r) => [r.originalKey, r.thumbnailKey]);
  }

  /**
   * Marks the listed images deleted, keeping their keys as tombstones so an image.stored that
   * arrives after this is ignored; answers every object key to delete.
   */
  async removeKeys(e: ImageDeletedEvent): Promise<string[]> {
    const accountId = eventAccountId(e);
    const images = (e.images ?? []).filter((i) => i?.originalKey && i?.thumbnailKey);
    for (const image of images) {
      await this.ledger.insertOnce({
        accountId,
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
      });
      await this.ledger.markDeleted(accountId, image.originalKey, e.owner);
    }
    return images.flatMap((i) => [i.originalKey, i.thumbnailKey]);
  }
}
