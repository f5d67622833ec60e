import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DOCUMENT_IMPORT_REVERT_CALL_MAX,
  importPhotoKeyPrefix,
  type DocumentImportRevertRequest,
  DocumentMessages,
  MACHINE_NOT_FOUND,
  type Audited,
  DOCUMENT_LIMITS,
  isValidId,
  type Actor,
  exportPage,
  exportWindow,
  type DocumentAddRequest,
  type DocumentExportItem,
  type DocumentKeysView,
  type ExportPage,
  type ExportPageRequest,
  type DocumentParent,
} from '@wrenchlog/contracts';
import { badRequest, conflict, MemberDirectory, notFound, type MachineAssignment } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { DocumentsRepository } from './documents.repository.js';
import { addRequestProblem, isParent } from './documents.rules.js';
import type { StoredDocumentEntity } from './stored-document.entity.js';

/**
 * Documents attached to machines and their records. The gateway checked the file (PDF by content,
 * size) and that the caller sees the parent before it calls; every query here is scoped to the
 * caller's account, and a mechanic sees only the documents of the machines assigned to them
 * (issue 32; a purchase's without a machine too). A document goes with its parent (record or
 * machine deletion events) or on its own.
 */
@Injectable()
export class DocumentsService {
  private readonly logger = new Logger('DocumentsService');

  constructor(
    private readonly repo: DocumentsRepository,
    private readonly members: MemberDirectory,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Records a stored document, added by the caller; a retry with the same object key answers the same document. */
  async add(actor: Actor, req: DocumentAddRequest): Promise<DocumentKeysView> {
    const { accountId } = actor;
    const problem = addRequestProblem(accountId, req);
    if (problem) {
      throw badRequest(problem);
    }
    if (!maySee(await this.visible(actor), req.machineId)) {
      throw notFound('Record not found');
    }
    const earlier = await this.repo.byKey(accountId, req.objectKey);
    if (earlier) {
      return this.view(actor, earlier);
    }
    if ((await this.repo.countOfParent(accountId, req.parent)) >= DOCUMENT_LIMITS.maxPerParent) {
      throw conflict(DocumentMessages.tooMany);
    }
    await this.repo.insertOnce({
      accountId,
      createdBy: actor.userId,
      updatedBy: null,
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
    if (await this.repo.parentGone(accountId, req.parent, req.machineId)) {
      await this.deleteObjects(await this.repo.removeParent(accountId, req.parent));
      throw notFound('Record not found');
    }
    const row = await this.repo.byKey(accountId, req.objectKey);
    if (!row) {
      throw notFound('Record not found');
    }
    return this.view(actor, row);
  }

  async list(actor: Actor, parent: DocumentParent): Promise<DocumentKeysView[]> {
    if (!isParent(parent)) {
      throw badRequest('Invalid document parent');
    }
    const visible = await this.visible(actor);
    const rows = (await this.repo.ofParent(actor.accountId, parent)).filter((row) => maySee(visible, row.machineId));
    const audit = await this.members.audit(actor.accountId, rows);
    return rows.map((row, i) => ({ ...view(row), ...audit[i] }));
  }

  /**
   * A page of the account's documents for "Download all my data" (issue 38): every one (the export
   * right belongs to roles that see every machine), with its parent and object key.
   */
  async exportData(accountId: number, request: Partial<ExportPageRequest> | undefined): Promise<ExportPage<DocumentExportItem>> {
    const { afterId, limit } = exportWindow(request);
    const rows = await this.repo.pageOf(accountId, afterId, limit);
    const items = rows.map((row) => ({ ...view(row), machineId: row.machineId }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }

  /** What a machine's deletion would take: its documents and its records' (for the delete dialog). */
  async countForMachine(actor: Actor, machineId: number): Promise<number> {
    if (!isValidId(machineId)) {
      throw badRequest('Invalid machine ID');
    }
    if (!maySee(await this.visible(actor), machineId)) {
      throw notFound(MACHINE_NOT_FOUND);
    }
    return this.repo.countOfMachine(actor.accountId, machineId);
  }

  async get(actor: Actor, id: number): Promise<DocumentKeysView> {
    return this.view(actor, await this.seen(actor, id));
  }

  async remove(actor: Actor, id: number): Promise<{ deleted: true }> {
    const row = await this.seen(actor, id);
    if (!(await this.repo.deleteOne(actor.accountId, id))) {
      throw notFound(DocumentMessages.notFound);
    }
    await this.deleteObjects([row.objectKey]);
    return { deleted: true };
  }

  /** A document of the caller's account on a machine the caller sees, or 404 (existence not disclosed). */
  private async seen(actor: Actor, id: number): Promise<StoredDocumentEntity> {
    const row = await this.repo.byId(actor.accountId, id);
    if (!row || !maySee(await this.visible(actor), row.machineId)) {
      throw notFound(DocumentMessages.notFound);
    }
    return row;
  }

  /** The machines the caller sees: a mechanic's assignment (one query), null (all) for the other roles. */
  private visible(actor: Actor): Promise<MachineAssignment> {
    return this.members.visibleMachines(actor);
  }

  private async view(actor: Actor, row: StoredDocumentEntity): Promise<DocumentKeysView> {
    const [audit] = await this.members.audit(actor.accountId, [row]);
    return { ...view(row), ...audit };
  }

  /** A record was deleted: its documents go (idempotent; later adds for it are refused). */
  async onParentDeleted(accountId: number, parent: DocumentParent): Promise<void> {
    await this.deleteObjects(await this.repo.removeParent(accountId, parent));
  }

  /** A record was saved, perhaps on another machine: its documents follow it (a no-op for a record without any). */
  async onParentSaved(accountId: number, parent: DocumentParent, machineId: number | null): Promise<void> {
    if (isParent(parent) && (machineId === null || Number.isInteger(machineId))) {
      await this.repo.setMachine(accountId, parent, machineId);
    }
  }

  /**
   * A batch of saved parents, in order, in one transaction (one commit for an import's 200 events
   * instead of 200); a malformed one is skipped, as onParentSaved skips it.
   */
  async onParentsSaved(moves: { accountId: number; parent: DocumentParent; machineId: number | null }[]): Promise<void> {
    const valid = moves.filter(({ parent, machineId }) => isParent(parent) && (machineId === null || Number.isInteger(machineId)));
    if (valid.length > 0) {
      await this.repo.setMachines(valid);
    }
  }

  /**
   * A restore's revert (issue 38): the caller's documents stored under the import's keys go, with
   * their objects, at most DOCUMENT_IMPORT_REVERT_CALL_MAX a call (import-service calls again while
   * a call removes that many). Documents added by hand have the gateway's keys and stay.
   */
  async revertImport(actor: Actor, req: DocumentImportRevertRequest | undefined): Promise<{ deleted: number }> {
    if (!req || !isValidId(req.importId)) {
      throw badRequest('Invalid import ID');
    }
    const keys = await this.repo.removeUnderPrefix(actor.accountId, importPhotoKeyPrefix(actor.accountId, req.importId), DOCUMENT_IMPORT_REVERT_CALL_MAX);
    await this.deleteObjects(keys);
    return { deleted: keys.length };
  }

  async onMachineDeleted(accountId: number, machineId: number): Promise<void> {
    await this.deleteObjects(await this.repo.removeMachine(accountId, machineId));
  }

  stats(accountId: number): Promise<{ count: number; bytes: number }> {
    return this.repo.stats(accountId);
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

/** A member with this assignment (null: all) sees a document of this machine (null: a purchase without one). */
const maySee = (visible: MachineAssignment, machineId: number | null): boolean => visible === null || machineId === null || visible.has(machineId);

function view(row: StoredDocumentEntity): Omit<DocumentKeysView, keyof Audited> {
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
