import { Injectable } from '@nestjs/common';
import {
  EXPORT_AT,
  exportPage,
  exportWindow,
  type ExportPage,
  type ExportPageRequest,
  type FuelRecord,
  type FuelRecordSavedEvent,
  type InventoryPurchaseSavedEvent,
  type Purchase,
} from '@wrenchlog/contracts';
import { AccountAccess } from '../common/access.js';
import { fromScaled, THOUSANDTHS } from '../common/scaled.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';
import { toPurchase } from '../purchases/purchases.service.js';
import { FuelRecordsRepository } from './fuel-records.repository.js';
import { toFuelRecord } from './fuel-records.service.js';

/**
 * Pages of fuel records and part purchases by id: every account's as the saved events report-service
 * rebuilds its read model from (stamped EXPORT_AT, so a real event always wins over them), or one
 * account's as GET answers them ("Download all my data").
 */
@Injectable()
export class CostExportService {
  constructor(
    private readonly fuel: FuelRecordsRepository,
    private readonly purchases: PurchasesRepository,
    private readonly access: AccountAccess,
  ) {}

  /** Every account's fuel records as fuel.record.saved events (administrators only: the caller checks). */
  async fuelCosts(request: ExportPageRequest): Promise<ExportPage<FuelRecordSavedEvent>> {
    const { afterId, limit } = exportWindow(request);
    const rows = await this.fuel.exportPage(afterId, limit);
    const items = rows.map((r) => ({
      recordId: r.id,
      accountId: r.accountId,
      machineId: r.machineId,
      date: r.dateOfPurchase.toISOString().slice(0, 10),
      currentMileage: r.currentMileage,
      currentHours: r.currentHours,
      totalPriceCents: r.totalPriceCents,
      amount: fromScaled(r.amountMilli, THOUSANDTHS),
      notes: r.notes,
      fullTank: r.fullTank,
      missedPrevious: r.missedPrevious,
      purchasedAt: r.dateOfPurchase.toISOString(),
      at: EXPORT_AT,
    }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }

  /** Every account's part purchases as inventory.purchase.saved events (administrators only: the caller checks). */
  async purchaseCosts(request: ExportPageRequest): Promise<ExportPage<InventoryPurchaseSavedEvent>> {
    const { afterId, limit } = exportWindow(request);
    const rows = await this.purchases.exportPage(afterId, limit);
    const items = rows.map((r) => ({
      recordId: r.id,
      accountId: r.accountId,
      machineId: r.machineId,
      date: r.purchaseDate.toISOString().slice(0, 10),
      costCents: r.partStatus === 'Cancelled' ? 0 : r.priceCents * r.quantity,
      partName: r.partName,
      notes: r.partDescription,
      at: EXPORT_AT,
    }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }

  /** One account's fuel records as GET answers them (with who added and changed each: one query a page). */
  async fuelData(accountId: number, request: ExportPageRequest): Promise<ExportPage<FuelRecord>> {
    const { afterId, limit } = exportWindow(request);
    const rows = await this.fuel.exportPage(afterId, limit, accountId);
    return exportPage(await this.access.answer(accountId, rows, toFuelRecord), rows.at(-1)?.id, limit);
  }

  /** One account's part purchases as GET answers them. */
  async purchaseData(accountId: number, request: ExportPageRequest): Promise<ExportPage<Purchase>> {
    const { afterId, limit } = exportWindow(request);
    const rows = await this.purchases.exportPage(afterId, limit, accountId);
    return exportPage(await this.access.answer(accountId, rows, toPurchase), rows.at(-1)?.id, limit);
  }
}
