import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { ImportPhotoEntity } from './import-photo.entity.js';
import type { PlannedFile } from './import-photos.rules.js';
import { ImportEntity } from './import.entity.js';
import { ImportRowEntity } from './import-row.entity.js';

/** A pending photo with the id its row's record was written as (null: the row was not written). */
export type PendingPhoto = ImportPhotoEntity & { targetId: number | null };

/** SQL of `import_photos`: a restore's photos, planned by the dry run and worked through by the job. */
@Injectable()
export class ImportPhotosRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The dry run's plan (photos, then documents), replacing an earlier one. */
  async replace(importId: number, photos: PlannedFile[]): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.delete(ImportPhotoEntity, { importId });
      const entities = photos.map((p) =>
        Object.assign(new ImportPhotoEntity(), {
          importId,
          seq: p.seq,
          rowNumber: p.rowNumber,
          owner: p.owner,
          role: p.role,
          path: p.path.slice(0, 300),
          fileName: p.fileName.slice(0, 255),
          byteSize: p.byteSize,
          type: p.type,
          problem: p.problem,
          outcome: 'planned',
          message: null,
        }),
      );
      for (let i = 0; i < entities.length; i += 200) {
        await tx.insert(ImportPhotoEntity, entities.slice(i, i + 200));
      }
    });
  }

  /**
   * Commit: a photo is pending when it can be restored and its row is sent (the rows' outcomes were
   * just set; or, resumed after a crash, written meanwhile), else skipped; the pending ones are added
   * to the import's progress total. Only photos still `planned` are changed, so it runs once.
   */
  async startCommit(importId: number): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      // The rule of import-photos.rules.ts commitOutcome().
      const marked = await tx
        .createQueryBuilder()
        .update(ImportPhotoEntity)
        .set({
          outcome: () =>
            `CASE WHEN problem IS NULL AND EXISTS (SELECT 1 FROM import_rows r WHERE r.import_id = import_photos.import_id AND r.row_number = import_photos.row_number AND r.outcome IN ('pending', 'written')) THEN 'pending' ELSE 'skipped' END`,
          message: null,
        })
        .where('import_id = :importId AND outcome = :planned', { importId, planned: 'planned' })
        .execute();
      if (!marked.affected) {
        return;
      }
      const pending = await tx.count(ImportPhotoEntity, { where: { importId, outcome: 'pending' } });
      await tx
        .createQueryBuilder()
        .update(ImportEntity)
        .set({ progressTotal: () => `progress_total + ${pending}` })
        .where('id = :importId', { importId })
        .execute();
    });
  }

  /** Whether the import has photos its commit has not marked yet (a crash between the commit's two steps). */
  async hasPlanned(importId: number): Promise<boolean> {
    return (await this.dataSource.getRepository(ImportPhotoEntity).countBy({ importId, outcome: 'planned' })) > 0;
  }

  /** The next pending photos in order, each with the id its row was written as. */
  async nextPending(importId: number, limit: number): Promise<PendingPhoto[]> {
    const photos = await this.dataSource.getRepository(ImportPhotoEntity).find({ where: { importId, outcome: 'pending' }, order: { seq: 'ASC' }, take: limit });
    const rows = await this.dataSource.getRepository(ImportRowEntity).find({
      where: { importId, rowNumber: In([...new Set(photos.map((p) => p.rowNumber))]), outcome: 'written' },
      select: { rowNumber: true, targetId: true },
    });
    const target = new Map(rows.map((r) => [r.rowNumber, r.targetId]));
    return photos.map((p) => Object.assign(p, { targetId: target.get(p.rowNumber) ?? null }));
  }

  /** A photo's outcome, and one more step of the import's progress. */
  async mark(importId: number, seq: number, outcome: 'written' | 'failed' | 'skipped', message: string | null = null): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      const changed = await tx.update(ImportPhotoEntity, { importId, seq, outcome: 'pending' }, { outcome, message });
      if (changed.affected) {
        await tx
          .createQueryBuilder()
          .update(ImportEntity)
          .set({ progressDone: () => 'progress_done + 1' })
          .where('id = :importId', { importId })
          .execute();
      }
    });
  }

  /** Every photo of the import (for its counts, and the keys Revert deletes). */
  all(importId: number): Promise<ImportPhotoEntity[]> {
    return this.dataSource.getRepository(ImportPhotoEntity).find({ where: { importId }, order: { seq: 'ASC' } });
  }

  /** After a revert: nothing of the import's photos is left. */
  async markReverted(importId: number): Promise<void> {
    await this.dataSource.getRepository(ImportPhotoEntity).update({ importId, outcome: In(['written', 'pending']) }, { outcome: 'reverted' });
  }

  /** The stored file of the import (the export's ZIP). */
  async objectKeyOf(importId: number): Promise<string> {
    const entity = await this.dataSource.getRepository(ImportEntity).findOne({ where: { id: importId }, select: { id: true, objectKey: true } });
    return entity!.objectKey;
  }

  async deleteOf(importId: number): Promise<void> {
    await this.dataSource.getRepository(ImportPhotoEntity).delete({ importId });
  }
}
