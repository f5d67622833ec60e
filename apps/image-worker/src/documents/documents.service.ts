import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DocumentMessages,
  DOCUMENT_LIMITS,
  isValidId,
  type Actor,
  type DocumentAddRequest,
  type DocumentKeysView,
  type DocumentParent,
} from '@wrenchlog/contracts';
import { badRequest, conflict, notFound } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { DocumentsRepository } from './documents.repository.js';
import { addRequestProblem, isParent } from './documents.rules.js';
import type { StoredDocumentEntity } from './stored-document.entity.js';

/**
 * Documents attached to machines and their records. The gateway checked the file (PDF by content,
 * size) and that the caller owns the parent before it calls; every query here is scoped to the
 * caller. A document goes with its parent (record or machine deletion events) or on its own.
 */
@Injectable()
export class DocumentsService {
  private readonly logger = new Logger('DocumentsService');

  constructor(
    private readonly repo: DocumentsRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Records a stored document; a retry with the same object key answers the same document. */
  async add({ userId }: Actor, req: DocumentAddRequest): Promise<DocumentKeysView> {
    const problem = addRequestProblem(userId, req);
    if (problem) {
      throw badRequest(problem);
    }
    const earlier = await this.repo.byKey(userId, req.objectKey);
    if (earlier) {
      return view(earlier);
    }
    if ((await this.repo.countOfParent(userId, req.parent)) >= DOCUMENT_LIMITS.maxPerParent) {
      throw conflict(DocumentMessages.tooMany);
    }
    await this.repo.insertOnce({
      userId,
      parentKind: req.parent.kind,
      parentId: req.parent.id,
      machineId: req.machineId,
      objectKey: req.objectKey,
      fileName: req.fileName,
      contentType: req.contentType,
      size: req.size,
    });
    // Checked after the insert, as the image ledger does: a deletion event that ran meanwhile left
    // its tombstone first, so whichever of the two runs second sees the other.
    if (await this.repo.parentGone(userId, req.parent, req.machineId)) {
      await this.deleteObjects(await this.repo.removeParent(userId, req.parent));
      throw notFound('Record not found');
    }
    const row = await this.repo.byKey(userId, req.objectKey);
    if (!row) {
      throw notFound('Record not found');
    }
    return view(row);
  }

  async list({ userId }: Actor, parent: DocumentParent): Promise<DocumentKeysView[]> {
    if (!isParent(parent)) {
      throw badRequest('Invalid document parent');
    }
    return (await this.repo.ofParent(userId, parent)).map(view);
  }

  /** What a machine's deletion would take: its documents and its records' (for the delete dialog). */
  async countForMachine({ userId }: Actor, machineId: number): Promise<number> {
    if (!isValidId(machineId)) {
      throw badRequest('Invalid machine ID');
    }
    return this.repo.countOfMachine(userId, machineId);
  }

  async get({ userId }: Actor, id: number): Promise<DocumentKeysView> {
    const row = await this.repo.byId(userId, id);
    if (!row) {
      throw notFound(DocumentMessages.notFound);
    }
    return view(row);
  }

  async remove({ userId }: Actor, id: number): Promise<{ deleted: true }> {
    const row = await this.repo.byId(userId, id);
    if (!row || !(await this.repo.deleteOne(userId, id))) {
      throw notFound(DocumentMessages.notFound);
    }
    await this.deleteObjects([row.objectKey]);
    return { deleted: true };
  }

  /** A record was deleted: its documents go (idempotent; later adds for it are refused). */
  async onParentDeleted(userId: number, parent: DocumentParent): Promise<void> {
    await this.deleteObjects(await this.repo.removeParent(userId, parent));
  }

  /** A record was saved, perhaps on another machine: its documents follow it (a no-op for a record without any). */
  async onParentSaved(userId: number, parent: DocumentParent, machineId: number | null): Promise<void> {
    if (isParent(parent) && (machineId === null || Number.isInteger(machineId))) {
      await this.repo.setMachine(userId, parent, machineId);
    }
  }

  async onMachineDeleted(userId: number, machineId: number): Promise<void> {
    await this.deleteObjects(await this.repo.removeMachine(userId, machineId));
  }

  stats(userId: number): Promise<{ count: number; bytes: number }> {
    return this.repo.stats(userId);
  }

  private async deleteObjects(keys: string[]): Promise<void> {
    if (keys.length === 0) {
      return;
    }
    try {
      await this.storage.deleteMany(keys);
    } catch (err) {
      // The rows are gone; objects left behind are only wasted space, never reachable (no row, no link).
      this.logger.warn(`could not delete ${keys.length} document object(s): ${(err as Error).message}`);
    }
  }
}

function view(row: StoredDocumentEntity): DocumentKeysView {
  return {
    id: row.id,
    parentKind: row.parentKind,
    parentId: row.parentId,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    createdAt: new Date(row.createdAt).toISOString(),
    objectKey: row.objectKey,
  };
}
