import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  IMPORT_PHOTO_REVERT_CALL_MAX,
  MACHINE_IMPORT_REVERT_PHOTOS,
  SERVICE_IMPORT_REVERT_IMAGES,
  type Actor,
  type ImportPhotoCounts,
  type ImportSource,
} from '@wrenchlog/contracts';
import { planExportPhotos, unpackZipEntries, warnPhotoProblems, type FileAnalysis, type ImportRow } from '@wrenchlog/importers';
import { RpcCallError, RpcClient } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { setTimeout as sleep } from 'node:timers/promises';
import { ImportPhotosRepository, type PendingPhoto } from './import-photos.repository.js';
import { photoCall, photoCounts, photoRef } from './import-photos.rules.js';
import type { ImportEntity } from './import.entity.js';
import { backoffMs, OWNER_TRIES, retriable } from './import.rules.js';

/** Photos handed to their owners between two looks at the table (each is one call). */
const PHOTO_BATCH = 20;
const OWNER_TIMEOUT_MS = 60_000;

/**
 * The photos of a restore (issue 23; README "Photos of a restore"): the dry run plans them from the
 * export's ZIP (and warns on its rows about those that cannot be restored, storing nothing); the job,
 * after every row is written, copies each into object storage under the import's keys and gives it
 * to its owner's usual call for the record its row became; Revert asks the owners to remove them.
 */
@Injectable()
export class ImportPhotos {
  private readonly logger = new Logger(ImportPhotos.name);

  constructor(
    private readonly repository: ImportPhotosRepository,
    private readonly rpc: RpcClient,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** The dry run: the photos the export lists, each checked; a photo that cannot be restored is a warning on its row. */
  async plan(entity: Pick<ImportEntity, 'id' | 'source' | 'objectKey'>, analysis: FileAnalysis, rows: ImportRow[]): Promise<ImportPhotoCounts | undefined> {
    if ((entity.source as ImportSource) !== 'wrenchlog-export') {
      return undefined;
    }
    const photos = planExportPhotos(analysis, (await this.storage.getBuffer(entity.objectKey)).body);
    warnPhotoProblems(rows, photos);
    await this.repository.replace(entity.id, photos);
    return photos.length > 0 ? photoCounts(photos.map((p) => ({ problem: p.problem, outcome: 'planned' }))) : undefined;
  }

  /** Commit: the photos to restore join the import's progress. */
  startCommit(importId: number): Promise<void> {
    return this.repository.startCommit(importId);
  }

  /** The import's photo counts now; undefined when it has none. */
  async counts(importId: number): Promise<ImportPhotoCounts | undefined> {
    const photos = await this.repository.all(importId);
    return photos.length > 0 ? photoCounts(photos) : undefined;
  }

  /**
   * The job's last step: each pending photo to the record its row became. Resumable: the keys are the
   * import's and the photo's, and the owners record a key once, so a photo handed over twice is one photo.
   */
  async restore(importId: number, actor: Actor, stopping: () => boolean): Promise<void> {
    if (await this.repository.hasPlanned(importId)) {
      // The service stopped between the commit's rows and its photos: mark them now.
      await this.repository.startCommit(importId);
    }
    let zip: Uint8Array | undefined;
    for (
      let batch = await this.repository.nextPending(importId, PHOTO_BATCH);
      batch.length > 0;
      batch = await this.repository.nextPending(importId, PHOTO_BATCH)
    ) {
      zip ??= (await this.storage.getBuffer(await this.repository.objectKeyOf(importId))).body;
      const bytes = await unpackZipEntries(
        zip,
        batch.map((p) => p.path),
      );
      for (const photo of batch) {
        if (stopping()) {
          return;
        }
        await this.restoreOne(importId, actor, photo, bytes.get(photo.path));
      }
    }
  }

  private async restoreOne(importId: number, actor: Actor, photo: PendingPhoto, bytes: Uint8Array | undefined): Promise<void> {
    if (photo.targetId === null) {
      // Its row was not written (failed at import): nothing to attach it to.
      await this.repository.mark(importId, photo.seq, 'skipped');
      return;
    }
    if (!bytes) {
      await this.repository.mark(importId, photo.seq, 'failed', `the photo ${photo.path} cannot be read from the ZIP`);
      return;
    }
    const ref = photoRef(actor.accountId, importId, photo);
    await this.storage.put(ref.originalKey, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), ref.contentType);
    const call = photoCall(actor.accountId, importId, photo, photo.targetId);
    const refusal = await this.send(actor, call);
    if (refusal) {
      await this.storage.deleteMany([ref.originalKey]).catch(() => undefined);
      await this.repository.mark(importId, photo.seq, 'failed', `the photo ${photo.path} was not restored: ${refusal}`);
      return;
    }
    await this.repository.mark(importId, photo.seq, 'written');
  }

  /** The owner's call, tried again while it is unavailable; answers the owner's refusal (a 4xx), or null. Throws when it keeps failing (the job resumes later). */
  private async send(actor: Actor, call: ReturnType<typeof photoCall>): Promise<string | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.rpc.send(call.pattern as never, call.payload as never, { actor, timeoutMs: OWNER_TIMEOUT_MS });
        return null;
      } catch (err) {
        const code = err instanceof RpcCallError ? err.code : undefined;
        if (!retriable(code)) {
          return (err as Error).message;
        }
        if (attempt >= OWNER_TRIES) {
          throw err;
        }
        this.logger.warn(`${call.pattern} failed (try ${attempt} of ${OWNER_TRIES}): ${(err as Error).message}`);
        await sleep(backoffMs(attempt));
      }
    }
  }

  /**
   * Revert (and rollback): each owner removes the images stored under the import's keys (rows, and
   * through image.deleted their objects); then the objects of photos no owner recorded are deleted.
   * Answers how many the owners removed.
   */
  async revert(importId: number, actor: Actor): Promise<number> {
    let removed = 0;
    for (const pattern of [MACHINE_IMPORT_REVERT_PHOTOS, SERVICE_IMPORT_REVERT_IMAGES] as const) {
      for (let answered = IMPORT_PHOTO_REVERT_CALL_MAX; answered === IMPORT_PHOTO_REVERT_CALL_MAX;) {
        answered = (await this.rpc.send(pattern, { importId, accountId: actor.accountId }, { actor, timeoutMs: OWNER_TIMEOUT_MS })).deleted;
        removed += answered;
      }
    }
    const keys = (await this.repository.all(importId))
      .filter((p) => p.type !== null)
      .flatMap((p) => {
        const ref = photoRef(actor.accountId, importId, p);
        return [ref.originalKey, ref.thumbnailKey];
      });
    for (let i = 0; i < keys.length; i += 500) {
      await this.storage.deleteMany(keys.slice(i, i + 500));
    }
    await this.repository.markReverted(importId);
    return removed;
  }
}
