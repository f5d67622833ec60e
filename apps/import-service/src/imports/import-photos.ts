import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DOCUMENT_IMPORT_REVERT,
  DOCUMENT_IMPORT_REVERT_CALL_MAX,
  importDocumentKey,
  IMPORT_PHOTO_REVERT_CALL_MAX,
  MACHINE_IMPORT_REVERT_PHOTOS,
  SERVICE_IMPORT_REVERT_IMAGES,
  type Actor,
  type ImportCounts,
  type ImportSource,
} from '@wrenchlog/contracts';
import {
  planExportDocuments,
  planExportPhotos,
  unpackDocumentEntries,
  unpackZipEntries,
  warnDocumentProblems,
  warnPhotoProblems,
  type FileAnalysis,
  type ImportRow,
} from '@wrenchlog/importers';
import { RpcCallError, RpcClient } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { setTimeout as sleep } from 'node:timers/promises';
import { ImportPhotosRepository, type PendingPhoto } from './import-photos.repository.js';
import { documentCall, documentParent, documentPlan, fileCounts, isDocument, photoCall, photoRef } from './import-photos.rules.js';
import type { ImportEntity } from './import.entity.js';
import { backoffMs, OWNER_TRIES, retriable } from './import.rules.js';

/** Photos handed to their owners between two looks at the table (each is one call). */
const PHOTO_BATCH = 20;
const OWNER_TIMEOUT_MS = 60_000;

/**
 * The photos of a restore (issue 23; README "Photos of a restore"), and its PDF documents (issue 38,
 * README "Documents of a restore"), the same way: the dry run plans them from the
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

  /**
   * The dry run: the photos and documents the export lists, each checked (a document as an upload
   * is: a PDF within the size limit); one that cannot be restored is a warning on its row.
   */
  async plan(
    entity: Pick<ImportEntity, 'id' | 'source' | 'objectKey'>,
    analysis: FileAnalysis,
    rows: ImportRow[],
  ): Promise<Pick<ImportCounts, 'photos' | 'documents'>> {
    if ((entity.source as ImportSource) !== 'wrenchlog-export') {
      return {};
    }
    const zip = (await this.storage.getBuffer(entity.objectKey)).body;
    const photos = planExportPhotos(analysis, zip);
    warnPhotoProblems(rows, photos);
    const documents = planExportDocuments(analysis, zip);
    warnDocumentProblems(rows, documents);
    const files = [...photos, ...documentPlan(documents, photos.length + 1)];
    await this.repository.replace(entity.id, files);
    return fileCounts(files.map((f) => ({ role: f.role, problem: f.problem, outcome: 'planned' })));
  }

  /** Commit: the photos to restore join the import's progress. */
  startCommit(importId: number): Promise<void> {
    return this.repository.startCommit(importId);
  }

  /** The import's photo and document counts now (each absent when it has none). */
  async counts(importId: number): Promise<Pick<ImportCounts, 'photos' | 'documents'>> {
    return fileCounts(await this.repository.all(importId));
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
        batch.filter((p) => !isDocument(p)).map((p) => p.path),
      );

      for (const photo of batch) {
        if (stopping()) {
          return;
        }
        // A document (up to 20 MB) is unpacked on its own, so at most one is held at a time.
        const data = isDocument(photo) ? (await unpackDocumentEntries(zip, [photo.path])).get(photo.path) : bytes.get(photo.path);
        await this.restoreOne(importId, actor, photo, data);
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
      await this.repository.mark(importId, photo.seq, 'failed', `the ${isDocument(photo) ? 'document' : 'photo'} ${photo.path} cannot be read from the ZIP`);
      return;
    }
    if (isDocument(photo)) {
      return this.restoreDocument(importId, actor, photo, photo.targetId, bytes);
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

  /**
   * A document goes to image-worker's call of a hand upload for the record its row became, with the
   * machine its owner answers for that record (as the gateway asks before an upload).
   */
  private async restoreDocument(importId: number, actor: Actor, file: PendingPhoto, targetId: number, bytes: Uint8Array): Promise<void> {
    const { parent, get } = documentParent(file, targetId);
    const key = importDocumentKey(actor.accountId, importId, file.seq);
    const refused = async (why: string) => {
      await this.storage.deleteMany([key]).catch(() => undefined);
      await this.repository.mark(importId, file.seq, 'failed', `the document ${file.path} was not restored: ${why}`);
    };
    let machineId: number | null = targetId;
    if (get) {
      const asked = await this.ask(actor, () => this.rpc.send(get as never, { id: targetId } as never, { actor, timeoutMs: OWNER_TIMEOUT_MS }));
      if (typeof asked === 'string') {
        return refused(asked);
      }
      machineId = (asked as { machineId: number | null }).machineId || null;
    }
    await this.storage.put(key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'application/pdf');
    const call = documentCall(actor.accountId, importId, file, parent, machineId);
    const refusal = await this.send(actor, { pattern: call.pattern, payload: { ...call.payload, size: bytes.byteLength } } as never);
    if (refusal) {
      return refused(refusal);
    }
    await this.repository.mark(importId, file.seq, 'written');
  }

  /** A read of an owner, tried again while it is unavailable; its refusal (a 4xx) as text. Throws when it keeps failing. */
  private async ask(actor: Actor, read: () => Promise<unknown>): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await read();
      } catch (err) {
        const code = err instanceof RpcCallError ? err.code : undefined;
        if (!retriable(code)) {
          return (err as Error).message;
        }
        if (attempt >= OWNER_TRIES) {
          throw err;
        }
        await sleep(backoffMs(attempt));
      }
    }
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
    const files = await this.repository.all(importId);
    if (files.some(isDocument)) {
      // A machine the revert keeps would otherwise keep its restored documents (records' documents also go with their records).
      for (let answered = DOCUMENT_IMPORT_REVERT_CALL_MAX; answered === DOCUMENT_IMPORT_REVERT_CALL_MAX;) {
        answered = (await this.rpc.send(DOCUMENT_IMPORT_REVERT, { importId, accountId: actor.accountId }, { actor, timeoutMs: OWNER_TIMEOUT_MS })).deleted;
        removed += answered;
      }
    }
    const keys = files
      .filter((p) => p.type !== null)
      .flatMap((p) => {
        if (isDocument(p)) {
          return [importDocumentKey(actor.accountId, importId, p.seq)];
        }
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
