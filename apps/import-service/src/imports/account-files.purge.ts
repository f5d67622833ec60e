import { Inject, Injectable } from '@nestjs/common';
import type { AccountPurgeHooks } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { DataSource } from 'typeorm';
import { ExportEntity } from '../exports/export.entity.js';
import { ImportPhotosRepository } from './import-photos.repository.js';
import { photoRef } from './import-photos.rules.js';
import { ImportEntity } from './import.entity.js';

const DELETE_BATCH = 500;

/**
 * A deleted account's import files: each upload, each restore's photos (a photo already given to its
 * record is image-worker's, which deletes it too; a missing key is no error) and each export's ZIP,
 * removed before AccountPurge deletes the rows that name them. The imports' rows, photos and
 * machines have no account column of their own: they go as children of `imports`.
 */
@Injectable()
export class ImportAccountPurge implements AccountPurgeHooks {
  readonly children = ['import_rows', 'import_photos', 'import_machines'].map((table) => ({ table, column: 'import_id', parent: 'imports' }));

  constructor(
    private readonly dataSource: DataSource,
    private readonly photos: ImportPhotosRepository,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async beforeRows(accountId: number): Promise<void> {
    const imports = await this.dataSource.getRepository(ImportEntity).find({ select: { id: true, objectKey: true }, where: { accountId } });
    const exports = await this.dataSource.getRepository(ExportEntity).find({ select: { objectKey: true }, where: { accountId } });
    const keys = [...imports.map((i) => i.objectKey), ...exports.flatMap((e) => (e.objectKey ? [e.objectKey] : []))];
    for (const { id } of imports) {
      for (const photo of await this.photos.all(id)) {
        if (photo.type !== null) {
          const ref = photoRef(accountId, id, photo);
          keys.push(ref.originalKey, ref.thumbnailKey);
        }
      }
    }
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      await this.storage.deleteMany(keys.slice(i, i + DELETE_BATCH));
    }
  }
}
