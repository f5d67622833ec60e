import { Injectable } from '@nestjs/common';
import {
  checkImportRecord,
  isValidId,
  PartInput,
  SupplierInput,
  type Actor,
  type ImportApplyRequest,
  type ImportApplyResult,
  type ImportRevertRequest,
  type ImportRevertResult,
} from '@wrenchlog/contracts';
import { applyImportBatch, Outbox } from '@wrenchlog/platform';
import { AccountTransactions } from '../common/transactions.js';
import { addedBy, assignPart, assignSupplier } from './inventory.service.js';
import { PartEntity } from './part.entity.js';
import { PartsRepository } from './parts.repository.js';
import { StockEvents } from './stock-events.js';
import { SupplierEntity } from './supplier.entity.js';
import { SuppliersRepository } from './suppliers.repository.js';

/**
 * A restore's suppliers and inventory parts (issue 23): written as the dialogs write them, each
 * with its import id and row (a batch sent again writes nothing twice), before the restore's
 * purchases name them. A part keeps the stock the export gave it: the restore's purchases do not
 * add theirs again (ImportApplyRequest.stockCounted). Revert removes those nothing entered since names.
 */
@Injectable()
export class InventoryImportsService {
  constructor(
    private readonly parts: PartsRepository,
    private readonly suppliers: SuppliersRepository,
    private readonly tx: AccountTransactions,
    private readonly stock: StockEvents,
    private readonly outbox: Outbox,
  ) {}

  /** inventory.import.applySuppliers: each row checked again with SupplierInput. */
  async applySuppliers(caller: Actor, request: ImportApplyRequest): Promise<ImportApplyResult> {
    return this.tx.run(caller.accountId, (manager) =>
      applyImportBatch<SupplierEntity>(
        manager,
        SupplierEntity,
        request,
        async (item) => {
          const { value, problem } = checkImportRecord(SupplierInput, item.record);
          if (!value) {
            return { failed: problem };
          }
          return {
            record: assignSupplier(
              this.suppliers.create({ ...addedBy(caller), idempotencyKey: null, importId: request.importId, importRow: item.rowNumber }),
              value,
            ),
          };
        },
        async () => undefined,
      ),
    );
  }

  /** inventory.import.applyParts: each row checked again with PartInput, its supplier one of the account's; inventory.stock.changed for each. */
  async applyParts(caller: Actor, request: ImportApplyRequest): Promise<ImportApplyResult> {
    const { accountId } = caller;
    const result = await this.tx.run(accountId, (manager) => {
      const supplierOk = new Map<number, boolean>();
      return applyImportBatch<PartEntity>(
        manager,
        PartEntity,
        request,
        async (item) => {
          const { value, problem } = checkImportRecord(PartInput, item.record);
          if (!value) {
            return { failed: problem };
          }
          if (!supplierOk.has(value.supplierId)) {
            supplierOk.set(value.supplierId, isValidId(value.supplierId) && (await this.suppliers.exists(manager, accountId, value.supplierId)));
          }
          if (!supplierOk.get(value.supplierId)) {
            return { failed: 'Supplier not found' };
          }
          return {
            record: assignPart(this.parts.create({ ...addedBy(caller), idempotencyKey: null, importId: request.importId, importRow: item.rowNumber }), value),
          };
        },
        (written) =>
          this.stock.announce(
            manager,
            accountId,
            written.map((p) => p.id),
          ),
      );
    });
    return { ...result, backlog: await this.outbox.backlog() };
  }

  /**
   * inventory.import.revertStock, after inventory.import.revert took the import's purchases: its
   * parts no purchase names, then its suppliers no part or purchase names (those the account's own
   * records use since are kept, as a machine with records is).
   */
  async revertStock({ accountId }: Actor, request: ImportRevertRequest): Promise<ImportRevertResult> {
    return this.tx.run(accountId, async (manager) => {
      const parts = await this.parts.deleteImportedUnused(manager, accountId, request.importId);
      const suppliers = await this.suppliers.deleteImportedUnused(manager, accountId, request.importId);
      return { deleted: parts + suppliers };
    });
  }
}
