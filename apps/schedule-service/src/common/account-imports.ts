import { IMPORT_REVERT_CALL_MAX, type ImportApplyRequest, type ImportApplyResult, type ImportApplyRow } from '@wrenchlog/contracts';
import { applyImportRowByRow, IMPORT_REVERT_CHUNK, type ImportedRecord } from '@wrenchlog/platform';
import { In, type DataSource, type EntityManager, type EntityTarget } from 'typeorm';

// Issue 32: libs/platform's import helpers still name a table's owner `userId`. Until they move to
// `accountId` (reported to the integrator), these two stand in for them on this service's tables.

/** A table an import writes to, owned by an account. */
export interface AccountImportedRecord {
  id: number;
  accountId: number;
  importId: number | null;
  importRow: number | null;
}

/** libs/platform's applyImportRowByRow, which reads only id, importId and importRow: the owner's name is only its type's. */
export function applyAccountImport<E extends AccountImportedRecord>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  request: ImportApplyRequest,
  write: (row: ImportApplyRow) => Promise<{ id: number } | { failed: string }>,
): Promise<ImportApplyResult> {
  return applyImportRowByRow(manager, entity as EntityTarget<E & ImportedRecord>, request, write);
}

/**
 * libs/platform's revertImportRecords for a table owned by an account: the account's records of one
 * import, chunk by chunk, each chunk in one transaction with what `remove` does for it, at most
 * IMPORT_REVERT_CALL_MAX a call. Records without that import id (entered by hand since) stay.
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
      const rows = await repo.find({
        where: { accountId, importId } as never,
        order: { id: 'ASC' } as never,
        take: Math.min(IMPORT_REVERT_CHUNK, IMPORT_REVERT_CALL_MAX - deleted),
      });
      if (rows.length === 0) {
        return 0;
      }
      await repo.delete({ id: In(rows.map((r) => r.id)), accountId } as never);
      await remove(manager, rows);
      return rows.length;
    });
    if (count === 0) {
      return deleted;
    }
    deleted += count;
  }
  return deleted;
}
