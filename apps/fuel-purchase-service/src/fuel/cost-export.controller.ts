import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  EXPORT_AT,
  exportPage,
  exportWindow,
  FUEL_COST_EXPORT,
  FUEL_DATA_EXPORT,
  INVENTORY_COST_EXPORT,
  PURCHASE_DATA_EXPORT,
  type ExportPage,
  type FuelRecord,
  type Purchase,
  type ExportPageRequest,
  type FuelRecordSavedEvent,
  type InventoryPurchaseSavedEvent,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { requireActor, requireAdmin } from '@wrenchlog/platform';
import { MoreThan, Repository } from 'typeorm';
import { fromScaled, THOUSANDTHS } from '../common/scaled.js';
import { PurchaseEntity } from '../purchases/purchase.entity.js';
import { toPurchase } from '../purchases/purchases.service.js';
import { FuelRecordEntity } from './fuel-record.entity.js';
import { toFuelRecord } from './fuel-records.service.js';

/**
 * fuel.costExport.page and inventory.costExport.page (issue 22, administrators only): every user's
 * fuel records and part purchases by id, as the saved events report-service rebuilds its read
 * model from (stamped EXPORT_AT, so a real event always wins over them). Also the caller's own
 * records for "Download all my data" (issue 23, fuel.dataExport.page and inventory.dataExport.page).
 */
@Controller()
export class CostExportController {
  constructor(
    @InjectRepository(FuelRecordEntity) private readonly fuel: Repository<FuelRecordEntity>,
    @InjectRepository(PurchaseEntity) private readonly purchases: Repository<PurchaseEntity>,
  ) {}

  @MessagePattern(FUEL_COST_EXPORT)
  async fuelPage(@Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<FuelRecordSavedEvent>> {
    requireAdmin(m.actor);
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.fuel.find({ where: { id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
    const items = rows.map((r) => ({
      recordId: r.id,
      userId: r.userId,
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

  @MessagePattern(INVENTORY_COST_EXPORT)
  async purchasePage(@Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<InventoryPurchaseSavedEvent>> {
    requireAdmin(m.actor);
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.purchases.find({ where: { id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
    const items = rows.map((r) => ({
      recordId: r.id,
      userId: r.userId,
      machineId: r.machineId,
      date: r.purchaseDate.toISOString().slice(0, 10),
      costCents: r.partStatus === 'Cancelled' ? 0 : r.priceCents * r.quantity,
      partName: r.partName,
      notes: r.partDescription,
      at: EXPORT_AT,
    }));
    return exportPage(items, rows.at(-1)?.id, limit);
  }

  /** fuel.dataExport.page ("Download all my data", issue 23): the caller's fuel records as GET answers them. */
  @MessagePattern(FUEL_DATA_EXPORT)
  async fuelDataPage(@Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<FuelRecord>> {
    const { userId } = requireActor(m.actor);
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.fuel.find({ where: { userId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
    return exportPage(rows.map(toFuelRecord), rows.at(-1)?.id, limit);
  }

  /** inventory.dataExport.page ("Download all my data", issue 23): the caller's part purchases as GET answers them. */
  @MessagePattern(PURCHASE_DATA_EXPORT)
  async purchaseDataPage(@Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<Purchase>> {
    const { userId } = requireActor(m.actor);
    const { afterId, limit } = exportWindow(m.payload);
    const rows = await this.purchases.find({ where: { userId, id: MoreThan(afterId) }, order: { id: 'ASC' }, take: limit });
    return exportPage(rows.map(toPurchase), rows.at(-1)?.id, limit);
  }
}
