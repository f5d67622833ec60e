import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ImageBackfillReply } from '@wrenchlog/contracts';
import { OBJECT_STORAGE, ObjectNotFoundError, type ObjectStorage } from '@wrenchlog/storage';
import { ImageWorkerEnv } from '../config/image-worker-env.js';
import type { LedgerImageEntity } from '../ledger/ledger-image.entity.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { CONTENT_TYPES, cleanUploadedThumbnail, ImageRejectedError, processImage } from './image-processor.js';

const RETRY_AFTER_TRANSIENT_MS = 15_000;

type Result = 'processed' | 'failed' | 'skipped' | 'retry';

/**
 * Works through the ledger's pending images: right after an image.stored event, at start (whatever
 * an earlier run left), and on a timer (lost messages, expired claims). The ledger row's state and
 * claim decide whether an image is processed, never the message.
 */
@Injectable()
export class ImageQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ImageQueue');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  private inSharp = 0;
  private readonly sharpWaiters: Array<() => void> = [];

  constructor(
    private readonly ledger: LedgerService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly env: ImageWorkerEnv,
  ) {}

  onApplicationBootstrap(): void {
    if (process.platform === 'linux' && !process.env.MALLOC_ARENA_MAX) {
      this.logger.warn('MALLOC_ARENA_MAX is not set: sharp advises MALLOC_ARENA_MAX=2 on glibc to keep memory from fragmenting');
    }
    this.kick();
    this.timer = setInterval(() => this.kick(), this.env.IMAGE_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Processes whatever is pending now (one pass at a time; a kick during a pass runs another). */
  kick(): void {
    if (this.stopped) {
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: Error) => this.logger.warn(`processing pass stopped: ${err.message}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for the current pass (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) {
      await this.running;
    }
  }

  /**
   * One pass: claims and processes pending images until none is left (or none of the last lot
   * could be taken). One image more than IMAGE_CONCURRENCY is in flight, and only
   * IMAGE_CONCURRENCY of them are in sharp at a time (withSharp): the extra one's storage read,
   * storage writes and ledger updates overlap the others' decoding and encoding instead of
   * leaving the CPU idle between two images.
   */
  private async drain(): Promise<void> {
    const window = this.env.IMAGE_CONCURRENCY + 1;
    const running = new Map<number, Promise<void>>();
    let pending: LedgerImageEntity[] = [];
    let progressed = true;
    let failure: unknown;
    while (!this.stopped && failure === undefined) {
      if (pending.length === 0 && progressed) {
        progressed = false;
        // Images of this pass still in flight may not be claimed yet: never start one twice.
        pending = (await this.ledger.nextCandidates(window * 4)).filter((image) => !running.has(image.id));
      }
      if (pending.length === 0 && running.size === 0) {
        return;
      }
      if (pending.length > 0 && running.size < window) {
        const image = pending.shift()!;
        const done = this.processOne(image)
          .then((result) => {
            progressed ||= result === 'processed' || result === 'failed';
          })
          .catch((err: unknown) => {
            failure ??= err;
          })
          .finally(() => running.delete(image.id));
        running.set(image.id, done);
        continue;
      }
      await Promise.race(running.values());
    }
    await Promise.all(running.values());
    if (failure !== undefined) {
      throw failure;
    }
  }

  /** Runs sharp work with at most IMAGE_CONCURRENCY images decoded at once (memory and CPU). */
  private async withSharp<T>(work: () => Promise<T>): Promise<T> {
    while (this.inSharp >= this.env.IMAGE_CONCURRENCY) {
      await new Promise<void>((resolve) => this.sharpWaiters.push(resolve));
    }
    this.inSharp++;
    try {
      return await work();
    } finally {
      this.inSharp--;
      this.sharpWaiters.shift()?.();
    }
  }

  /** The Backfill Images job: processes at most `limit` pending images now and says how it went. */
  async backfill(limit: number): Promise<ImageBackfillReply> {
    let processed = 0;
    let failed = 0;
    const candidates = await this.ledger.nextCandidates(limit);
    for (const image of candidates) {
      const result = await this.processOne(image);
      if (result === 'processed') {
        processed++;
      } else if (result === 'failed') {
        failed++;
      }
    }
    const remaining = await this.ledger.countPending();
    const message =
      processed + failed === 0 && remaining === 0
        ? 'Backfill finished: every image already has its thumbnail and sizes.'
        : `Backfill finished: ${processed} image${processed === 1 ? '' : 's'} processed, ${failed} failed, ${remaining} remaining.`;
    return { processed, failed, remaining, message };
  }

  private async processOne(image: LedgerImageEntity): Promise<Result> {
    if (!(await this.ledger.claim(image.id))) {
      return 'skipped';
    }
    // The claim is kept while this worker works on the image: short, so that the image of a worker
    // killed mid-way is taken over within IMAGE_CLAIM_SECONDS, and renewed, so a slow image is not.
    const renewal = setInterval(
      () => void this.ledger.renew(image.id).catch((err: Error) => this.logger.warn(`image ${image.id}: claim not renewed: ${err.message}`)),
      (this.env.IMAGE_CLAIM_SECONDS * 1000) / 3,
    );
    renewal.unref();
    try {
      return await this.processClaimed(image);
    } finally {
      clearInterval(renewal);
    }
  }

  private async processClaimed(image: LedgerImageEntity): Promise<Result> {
    let original: Buffer;
    let thumbnail: Buffer | undefined;
    try {
      original = (await this.storage.getBuffer(image.originalKey)).body;
      if (image.thumbnailUploaded) {
        thumbnail = (await this.storage.getBuffer(image.thumbnailKey)).body;
      }
    } catch (err) {
      if (err instanceof ObjectNotFoundError) {
        return (await this.ledger.fail(image, 'The uploaded image is missing from storage.')) ? 'failed' : 'skipped';
      }
      this.logger.warn(`image ${image.id}: storage unavailable, retrying later: ${(err as Error).message}`);
      await this.ledger.release(image, RETRY_AFTER_TRANSIENT_MS);
      return 'retry';
    }
    try {
      const { result, cleanedThumbnail } = await this.withSharp(async () => ({
        result: await processImage(original, { makeThumbnail: !image.thumbnailUploaded }),
        cleanedThumbnail: thumbnail ? await cleanUploadedThumbnail(thumbnail) : undefined,
      }));
      const contentType = CONTENT_TYPES[result.format];
      // Each size goes to its fixed key, so doing this twice writes the same objects again.
      if (result.original) {
        await this.storage.put(image.originalKey, result.original, contentType);
      }
      const newThumbnail = result.thumbnail ?? cleanedThumbnail;
      if (newThumbnail) {
        await this.storage.put(image.thumbnailKey, newThumbnail, result.thumbnail ? contentType : image.contentType);
      }
      const outcome = {
        originalSize: result.original?.length ?? original.length,
        thumbnailSize: newThumbnail?.length ?? thumbnail?.length ?? null,
      };
      if (!(await this.ledger.complete(image, outcome))) {
        await this.discardIfDeleted(image);
        return 'skipped';
      }
      return 'processed';
    } catch (err) {
      if (err instanceof ImageRejectedError) {
        this.logger.log(`image ${image.id} failed: ${err.message}`);
        return (await this.ledger.fail(image, err.message)) ? 'failed' : 'skipped';
      }
      this.logger.warn(`image ${image.id}: ${(err as Error).message}; retrying later`);
      await this.ledger.release(image, RETRY_AFTER_TRANSIENT_MS);
      return 'retry';
    }
  }

  /** The image was deleted while it was processed: remove what this pass wrote. */
  private async discardIfDeleted(image: LedgerImageEntity): Promise<void> {
    if (!(await this.ledger.isLive(image.id))) {
      await this.storage.deleteMany([image.originalKey, image.thumbnailKey]).catch(() => undefined);
    }
  }
}
