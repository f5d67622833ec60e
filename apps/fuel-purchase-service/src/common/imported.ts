import { IMPORT_REVERT_CALL_MAX, type ImportApplyRequest, type ImportApplyResult, type ImportApplyRow } from '@wrenchlog/contracts';
import { applyImportBatch, IMPORT_REVERT_CHUNK, type ImportedRecord, type ImportRowOutcome } from '@wrenchlog/platform';
import { In, type DataSource, type EntityManager, type EntityTarget, type FindOptionsWhere, type Repository } from 'typeorm';

/**
 * Deletes the account's rows that one restore (issue 23) wrote and that every `unused` condition (SQL
 * on `alias`, such as "no purchase names it") still holds for, so what members entered since keeps
 * the rows it names. Answers how many.
 */
export async function deleteImportedUnused<E extends { id: number; accountId: number }>(
  table: Repository<E>,
  alias: string,
  { accountId, importId }: { accountId: number; importId: number },
  unused: string[],
): Promise<number> {
  const qb = table
    .createQueryBuilder(alias)
    .select(`${alias}.id`, 'id')
    .where(`${alias}.account_id = :accountId AND ${alias}.import_id = :importId`, { accountId, importId });
  for (const condition of unused) {
    qb.andWhere(condition);
  }
  const ids = (await qb.getRawMany<{ id: number | string }>()).map((r) => Number(r.id));
  if (ids.length > 0) {
    await table.delete({ accountId, id: In(ids) } as FindOptionsWhere<E>);
  }
  return ids.length;
}

/** A table an import writes to, as issue 32 left it: owned by an account. */
export interface AccountImportedRecord {
  id: number;
  accountId: number;
  importId: number | null;
  importRow: number | null;
}

/**
 * libs/platform's applyImportBatch for a table owned by an account. Its ImportedRecord still names
 * the owner `userId`, which the batch never reads (only id, importId and importRow): the type is
 * widened here until that library moves to `accountId` (issue 32).
 */
export function applyAccountImportBatch<E extends AccountImportedRecord>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  request: ImportApplyRequest,
  prepare: (row: ImportApplyRow) => Promise<ImportRowOutcome<E>>,
  written: (records: E[]) => Promise<void>,
): Promise<ImportApplyResult> {
  return applyImportBatch<E & ImportedRecord>(
    manager,
    entity as EntityTarget<E & ImportedRecord>,
    request,
    prepare as (row: ImportApplyRow) => Promise<ImportRowOutcome<E & ImportedRecord>>,
    written as (records: (E & ImportedRecord)[]) => Promise<void>,
  );
}

/**
 * The owner's `<ctx>.import.revert` for a table owned by an account: the account's records of one
 * import, chunk by chunk, each chunk in one transaction with what `remove` does for it, at most
 * IMPORT_REVERT_CALL_MAX a call. As libs/platform's revertImportRecords, whose query still reads
 * `userId` (issue 32: to be moved there, then this goes).
 */
export async function revertAccountImport<E extends AccountImportedRecord>(
  dataSource: DataSource,
  entity: EntityTarget<E>,
  accountId: number,
  importId: number,
  remove: (manager: EntityManager, rows: E[]) => Promise<void>,
): Promise<number> {
  let deleted = 0;
  while (deleted < IMPORT_REVERT_CALL_MAX) {
    const count = await dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(entity);
      const where = { accountId, importId } as FindOptionsWhere<E>;
      const rows = await repo.find({ where, order: { id: 'ASC' } as never, take: Math.min(IMPORT_REVERT_CHUNK, IMPORT_REVERT_CALL_MAX - deleted) });
      if (rows.length > 0) {
        await repo.delete({ accountId, id: In(rows.map((r) => r.id)) } as FindOptionsWhere<E>);
        await remove(manager, rows);
      }
      return rows.length;
    });
    if (count === 0) {
      return deleted;
    }
    deleted += count;
  }
  return deleted;
}
