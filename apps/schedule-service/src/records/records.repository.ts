import { Injectable } from '@nestjs/common';
import { CompiledWrites, forUpdate } from '@wrenchlog/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { KnownRecordEntity } from './known-record.entity.js';

export type RecordSource = KnownRecordEntity['source'];

/** SQL of the known service and fuel records (account, machine, date; tombstones). */
@Injectable()
export class RecordsRepository {
  /** Read and written for every record's event, prepared once (issue 37). */
  private readonly writes: CompiledWrites<KnownRecordEntity>;

  constructor(dataSource: DataSource) {
    this.writes = new CompiledWrites(dataSource.getRepository(KnownRecordEntity));
  }

  find(manager: EntityManager, source: RecordSource, recordId: number): Promise<KnownRecordEntity | null> {
    return manager.findOneBy(KnownRecordEntity, { source, recordId });
  }

  /**
   * Applies a record's saved or deleted fact unless one at least as new was applied, or the record
   * was deleted already: answers the row as it was before (null when new), or 'stale' to skip.
   */
  async apply(manager: EntityManager, row: KnownRecordEntity): Promise<KnownRecordEntity | null | 'stale'> {
    const before = await this.writes.one(manager, 'for-apply', 'k', (qb) => forUpdate(qb.where('k.source = :source AND k.recordId = :recordId')), {
      source: row.source,
      recordId: row.recordId,
    });
    if (before && (before.deleted || before.updatedAt > row.updatedAt || before.accountId !== row.accountId)) {
      return 'stale';
    }
    await this.writes.upsert(manager, row, ['source', 'recordId'], ['machineId', 'recordDate', 'deleted', 'updatedAt']);
    return before;
  }
}
