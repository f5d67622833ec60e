import { Inject, Injectable } from '@nestjs/common';
import { accountActor, IMAGE_DELETED, IMAGE_STORED, type ImageOwner, type ImageProcessedEvent, type StoredImageRef } from '@wrenchlog/contracts';
import { badRequest, conflict, Outbox, type CallContext } from '@wrenchlog/platform';
import { DataSource, In, LessThan, Like, type EntityManager, type EntityTarget, type FindOptionsWhere } from 'typeorm';
import {
  DEFAULT_IMAGE_KEY_RULES,
  deletedEvent,
  INVALID_IMAGE_REFERENCE,
  isKeyPrefixOf,
  isOwnImageRef,
  pendingCutoff,
  processedChange,
  storedEvent,
  type ImageKeyRules,
  type ImagePlace,
  type OwnedImageRow,
} from './owned-images.rules.js';

export const OWNED_IMAGES_OPTIONS = Symbol('OWNED_IMAGES_OPTIONS');

/** How one service keeps its images: the owner it announces as, its entity, and what only it knows of a row. */
export interface OwnedImagesOptions<Row extends OwnedImageRow = OwnedImageRow> {
  owner: ImageOwner;
  /** The service's image entity; its properties include those of OwnedImageRow. */
  entity: EntityTarget<Row>;
  /** The record and machine a row belongs to, as image.stored names them. */
  placeOf: (row: Row) => ImagePlace;
  /** Whether the upload carried a thumbnail (else the worker makes one), for announcing a row again. */
  thumbnailUploaded: (row: Row) => boolean;
  /** Defaults to the gateway's generated keys under `u{accountId} (an account's folder)/`. */
  keys?: ImageKeyRules;
  /** The reconciler: images pending longer than graceMs are announced again every intervalMs (and once at start). */
  reconcile?: { graceMs?: number; intervalMs?: number };
}

/**
 * The images one service owns (machine photos, service-record images), one way for every owner:
 * the key and prefix checks, recording idempotently per object key, image.stored and image.deleted
 * through the caller's transaction's outbox, the worker's reports, and announcing pending images
 * again. The owning service keeps its own rules (which record takes images, how many) and columns.
 */
@Injectable()
export class OwnedImages<Row extends OwnedImageRow = OwnedImageRow> {
  private readonly keys: ImageKeyRules;

  constructor(
    @Inject(OWNED_IMAGES_OPTIONS) readonly options: OwnedImagesOptions<Row>,
    private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {
    this.keys = options.keys ?? DEFAULT_IMAGE_KEY_RULES;
  }

  /** Keys come from the gateway, generated under the caller's own prefix; anything else is refused (400). */
  checkRefs(accountId: number, images: unknown[]): asserts images is StoredImageRef[] {
    if (!images.every((image) => isOwnImageRef(accountId, image, this.keys))) {
      throw badRequest(INVALID_IMAGE_REFERENCE, [{ field: 'images', message: INVALID_IMAGE_REFERENCE }]);
    }
  }

  /**
   * Rows already recorded under these images' original keys (a retried upload answers them). The
   * keys are the caller's own (checkRefs); a row that is not where this upload goes (`belongs`) is
   * a conflict, never reused.
   */
  async recorded(
    manager: EntityManager,
    images: Pick<StoredImageRef, 'originalKey'>[],
    belongs: (row: Row) => boolean,
    conflictMessage: string,
  ): Promise<Row[]> {
    if (images.length === 0) {
      return [];
    }
    const known = await manager.find(this.options.entity, { where: { originalKey: In(images.map((i) => i.originalKey)) } as FindOptionsWhere<Row> });
    if (known.some((row) => !belongs(row))) {
      throw conflict(conflictMessage);
    }
    return known;
  }

  /** image.stored for a recorded row, through the outbox of the caller's transaction. */
  async announce(manager: EntityManager, row: Row, ctx: CallContext): Promise<void> {
    const event = storedEvent(this.options.owner, row, this.options.placeOf(row), this.options.thumbnailUploaded(row));
    await this.outbox.enqueue(manager, IMAGE_STORED, event, ctx);
  }

  /** Deletes the rows (the caller's own) in the caller's transaction and tells the worker to delete their objects. */
  async remove(manager: EntityManager, accountId: number, rows: Pick<Row, 'id' | 'originalKey' | 'thumbnailKey'>[], ctx: CallContext): Promise<number> {
    if (rows.length === 0) {
      return 0;
    }
    await manager.delete(this.options.entity, { accountId, id: In(rows.map((r) => r.id)) } as FindOptionsWhere<Row>);
    await this.outbox.enqueue(manager, IMAGE_DELETED, deletedEvent(this.options.owner, accountId, rows), ctx);
    return rows.length;
  }

  /**
   * Removes (as `remove`) every image of the caller's whose `column` is one of `values`: the images
   * of records deleted in the caller's transaction (`removeOf(tx, accountId, 'recordId', ids, ctx)`).
   * Answers how many were removed.
   */
  async removeOf(manager: EntityManager, accountId: number, column: keyof Row & string, values: number[], ctx: CallContext): Promise<number> {
    if (values.length === 0) {
      return 0;
    }
    return (await this.removeWhere(manager, accountId, { [column]: In(values) } as FindOptionsWhere<Row>, ctx)).length;
  }

  /**
   * Removes (as `remove`) at most `limit` of the caller's images whose original key starts with
   * `keyPrefix` (a restore's images: `importPhotoKeyPrefix`); a prefix outside the caller's own keys
   * removes nothing. Answers the rows removed, so the owner can clear what pointed at them.
   */
  async removeUnderPrefix(manager: EntityManager, accountId: number, keyPrefix: string, limit: number, ctx: CallContext): Promise<Row[]> {
    if (!isKeyPrefixOf(accountId, keyPrefix, this.keys)) {
      return [];
    }
    return this.removeWhere(manager, accountId, { originalKey: Like(`${keyPrefix}%`) } as FindOptionsWhere<Row>, ctx, limit);
  }

  /** The caller's rows matching `where` (first added first, at most `limit`), removed as `remove` does. */
  private async removeWhere(manager: EntityManager, accountId: number, where: FindOptionsWhere<Row>, ctx: CallContext, limit?: number): Promise<Row[]> {
    const rows = await manager.find(this.options.entity, {
      where: { ...where, accountId } as FindOptionsWhere<Row>,
      order: { id: 'ASC' } as never,
      take: limit,
    });
    await this.remove(manager, accountId, rows, ctx);
    return rows;
  }

  /** The worker finished (or gave up on) an image: keep its state and sizes for the owner. Idempotent. */
  async onProcessed(event: ImageProcessedEvent): Promise<void> {
    const change = processedChange(this.options.owner, event);
    if (!change) {
      return;
    }
    await this.dataSource.transaction((manager) =>
      manager.update(
        this.options.entity,
        { originalKey: change.originalKey, accountId: change.accountId } as FindOptionsWhere<Row>,
        change.set as Parameters<EntityManager['update']>[2],
      ),
    );
  }

  /**
   * Announces images still pending after `olderThanMs` to the image worker again: if the first
   * image.stored was lost the worker records and processes the image now; if only its answer was
   * lost the worker answers again. Both sides are idempotent, so nothing is done twice.
   */
  async reannouncePending(olderThanMs: number, limit = 100): Promise<number> {
    const rows = await this.dataSource.manager.find(this.options.entity, {
      where: { state: 'pending', createdAt: LessThan(pendingCutoff(new Date(), olderThanMs)) } as FindOptionsWhere<Row>,
      order: { id: 'ASC' } as never,
      take: limit,
    });
    for (const row of rows) {
      await this.dataSource.transaction((manager) => this.announce(manager, row, { actor: accountActor(row.accountId) }));
    }
    return rows.length;
  }
}
