import { Inject, Injectable } from '@nestjs/common';
import type { AccountPurgeHooks } from '@wrenchlog/platform';
import { OBJECT_STORAGE, type ObjectStorage } from '@wrenchlog/storage';
import { DataSource } from 'typeorm';
import { StoredDocumentEntity } from './documents/stored-document.entity.js';
import { LedgerImageEntity } from './ledger/ledger-image.entity.js';

const DELETE_BATCH = 500;

/**
 * A deleted account's stored files: every photo (original and thumbnail) and document the ledger
 * knows of goes from storage before AccountPurge deletes the ledger's rows (so a failure leaves the
 * rows, and the event's next delivery finds the keys again).
 */
@Injectable()
export class AccountFilesPurge implements AccountPurgeHooks {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  async beforeRows(accountId: number): Promise<void> {
    const images = await this.dataSource.getRepository(LedgerImageEntity).find({ select: { originalKey: true, thumbnailKey: true }, where: { accountId } });
    const documents = await this.dataSource.getRepository(StoredDocumentEntity).find({ select: { objectKey: true }, where: { accountId } });
    const keys = [...images.flatMap((i) => [i.originalKey, i.thumbnailKey]), ...documents.map((d) => d.objectKey)];
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      await this.storage.deleteMany(keys.slice(i, i + DELETE_BATCH));
    }
  }
}
