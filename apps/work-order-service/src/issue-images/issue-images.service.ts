import { Injectable } from '@nestjs/common';
import {
  isValidId,
  MAX_SERVICE_IMAGES_PER_UPLOAD,
  IssueImageMessages,
  WorkMessages,
  type Actor,
  type AddIssueImagesRequest,
  type DeleteIssueImagesRequest,
  type ImageProcessedEvent,
  type IssueImageKeys,
  type IssueImagesDeleted,
  type NewIssueImage,
  type RpcMeta,
} from '@wrenchlog/contracts';
import { cleanFileName, isStoredImageRef, OwnedImages } from '@wrenchlog/owned-images';
import { notFound, requireRight, validationFailed, type CallContext } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { MachineAccess, reaches } from '../machines/machine-access.js';
import { checkRoom, checkTakesPhotos } from './issue-image.rules.js';
import type { IssueImageEntity } from './issue-image.entity.js';
import { IssueImagesRepository } from './issue-images.repository.js';

export const toIssueImageKeys = (i: IssueImageEntity): IssueImageKeys => ({
  id: i.id,
  fileName: i.fileName,
  originalKey: i.originalKey,
  thumbnailKey: i.thumbnailKey,
  state: i.state,
  error: i.error,
  createdBy: i.createdBy,
});

const context = (actor: Actor, meta?: RpcMeta): CallContext => ({ actor, correlationId: meta?.correlationId });
const invalidId = () => validationFailed(WorkMessages.invalidIssueId, [{ field: 'id', message: WorkMessages.invalidIssueId }]);

/**
 * Photos of issues (issue 35), as service records have them: whoever may report an issue and
 * reaches its machine adds them while it is open or in progress; the one who added a photo, or a
 * member with issue.write, removes it.
 */
@Injectable()
export class IssueImagesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rows: IssueImagesRepository,
    private readonly images: OwnedImages<IssueImageEntity>,
    private readonly access: MachineAccess,
  ) {}

  /**
   * Records images the gateway has already checked and stored, and hands each to the image worker
   * (image.image.stored). Idempotent per object key, so a retried upload adds nothing twice.
   */
  async add(actor: Actor, request: AddIssueImagesRequest, meta?: RpcMeta): Promise<IssueImageKeys[]> {
    if (!isValidId(request?.issueId)) {
      throw invalidId();
    }
    const images: NewIssueImage[] = Array.isArray(request.images) ? request.images : [];
    if (images.length === 0 || images.length > MAX_SERVICE_IMAGES_PER_UPLOAD || !images.every(isStoredImageRef)) {
      throw validationFailed(IssueImageMessages.noImages, [{ field: 'images', message: IssueImageMessages.noImages }]);
    }
    this.images.checkRefs(actor.accountId, images);
    const ctx = context(actor, meta);
    return this.dataSource.transaction(async (manager) => {
      const issue = await this.reachable(actor, request.issueId, manager);
      const known = await this.images.recorded(
        manager,
        images,
        (k) => k.accountId === actor.accountId && k.issueId === issue.id,
        'An image of this upload is already stored for another issue',
      );
      const fresh = images.filter((image) => !known.some((k) => k.originalKey === image.originalKey));
      if (fresh.length > 0) {
        // A retry of a recorded upload answers it even once the issue is resolved or full.
        checkTakesPhotos(issue.status);
        checkRoom(await this.rows.countOfIssue(manager, actor.accountId, issue.id), fresh.length);
      }
      const added: IssueImageEntity[] = [...known];
      for (const image of fresh) {
        const row = await this.rows.add(manager, {
          accountId: actor.accountId,
          issueId: issue.id,
          machineId: issue.machineId,
          createdBy: actor.userId,
          updatedBy: null,
          fileName: cleanFileName(image.fileName),
          originalKey: image.originalKey,
          thumbnailKey: image.thumbnailKey,
          contentType: image.contentType,
          originalSize: image.originalSize,
          thumbnailSize: image.thumbnailSize,
          state: 'pending',
          error: null,
          createdAt: new Date(),
        });
        await this.images.announce(manager, row, ctx);
        added.push(row);
      }
      return images.map((image) => toIssueImageKeys(added.find((a) => a.originalKey === image.originalKey)!));
    });
  }

  /** The issue's photos, first added first. */
  async list(actor: Actor, issueId: number): Promise<IssueImageKeys[]> {
    if (!isValidId(issueId)) {
      throw invalidId();
    }
    await this.reachable(actor, issueId);
    return (await this.rows.ofIssues(actor.accountId, [issueId])).map(toIssueImageKeys);
  }

  /** The photos of issues already read (the issue reads answer them), by issue id. */
  async keysOf(accountId: number, issueIds: number[]): Promise<Map<number, IssueImageKeys[]>> {
    const byIssue = new Map<number, IssueImageKeys[]>();
    for (const row of await this.rows.ofIssues(accountId, issueIds)) {
      byIssue.set(row.issueId, [...(byIssue.get(row.issueId) ?? []), toIssueImageKeys(row)]);
    }
    return byIssue;
  }

  /**
   * Deletes the listed photos of one issue; ids that are not (or no longer) there are skipped.
   * Another member's photo needs issue.write (403 otherwise, and nothing is deleted).
   */
  async delete(actor: Actor, request: DeleteIssueImagesRequest, meta?: RpcMeta): Promise<IssueImagesDeleted> {
    const ids = request?.imageIds;
    if (!isValidId(request?.issueId) || !Array.isArray(ids) || ids.length === 0 || !ids.every(isValidId)) {
      throw validationFailed(IssueImageMessages.invalidDelete, [{ field: 'imageIds', message: IssueImageMessages.invalidDelete }]);
    }
    const ctx = context(actor, meta);
    return this.dataSource.transaction(async (manager) => {
      await this.reachable(actor, request.issueId, manager);
      const images = await this.rows.keysByIds(manager, actor.accountId, request.issueId, [...new Set(ids)]);
      if (images.some((image) => image.createdBy !== actor.userId)) {
        requireRight(actor, 'issue.write');
      }
      return { deleted: await this.images.remove(manager, actor.accountId, images, ctx) };
    });
  }

  /** The photos of an issue deleted in the caller's transaction: removed with it (the worker deletes the objects). */
  removeOfIssue(manager: EntityManager, actor: Actor, issueId: number, meta?: RpcMeta): Promise<number> {
    return this.images.removeOf(manager, actor.accountId, 'issueId', [issueId], context(actor, meta));
  }

  /** The worker finished (or gave up on) an image: keep its state and sizes. Idempotent. */
  onProcessed(event: ImageProcessedEvent): Promise<void> {
    return this.images.onProcessed(event);
  }

  /** The account's issue on a machine the caller reaches; 404 otherwise (another account's too). */
  private async reachable(actor: Actor, id: number, manager?: EntityManager) {
    const [issue, scope] = await Promise.all([this.rows.issueOf(actor.accountId, id, manager), this.access.scope(actor)]);
    if (!issue || !reaches(scope, issue.machineId)) {
      throw notFound(WorkMessages.issueNotFound);
    }
    return issue;
  }
}
