import { Injectable } from '@nestjs/common';
import { rowLock } from '@wrenchlog/platform';
import type { EntityManager } from 'typeorm';
import { KnownRecordEntity } from './known-record.entity.js';

export type RecordSource = KnownRecordEntity['source'];

/** SQL of the known service and fuel records (account, machine, date; tombstones). */
@Injectable()
export class RecordsRepository {
  find(manager: EntityManager, source: RecordSource, recordId: number): Promise<KnownRecordEntity | null> {
    return manager.findOneBy(KnownRecordEntity, { source, recordId });
  }

  /**
   * Applies a record's saved or deleted fact unless one at least as new was applied, or the record
   * was deleted already: answers the row as it was before (null when new), or 'stale' to skip.
   */
  async apply(manager: EntityManager, row: KnownRecordEntity): Promise<KnownRecordEntity | null | 'stale'> {
    const before = await manager.findOne(KnownRecordEntity, {
      where: { source: row.source, recordId: row.recordId },
      ...rowLock(manager),
    });
    if (before && (before.deleted || before.updatedAt > row.updatedAt || before.accountId !== row.accountId)) {
      return 'stale';
    }
    await manager
      .createQueryBuilder()
      .insert()
      .into(KnownRecordEntity)
      .values(row)
      .orUpdate(['machine_id', 'record_date', 'deleted', 'updated_at'], ['source', 'record_id'])
      .execute();
    return before;
  }
}
