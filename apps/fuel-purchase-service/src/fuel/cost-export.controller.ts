import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  FUEL_COST_EXPORT,
  FUEL_DATA_EXPORT,
  INVENTORY_COST_EXPORT,
  PURCHASE_DATA_EXPORT,
  type Actor,
  type ExportPage,
  type ExportPageRequest,
  type FuelRecord,
  type FuelRecordSavedEvent,
  type InventoryPurchaseSavedEvent,
  type Purchase,
  type RpcMessage,
} from '@wrenchlog/contracts';
import { AdminCaller, Caller } from '@wrenchlog/platform';
import { CostExportService } from './cost-export.service.js';

/**
 * fuel.costExport.page and inventory.costExport.page (issue 22, administrators only): every account's
 * fuel records and part purchases by id, for report-service's rebuild of its read model (an
 * administrator's job, not an account's report: no role right stands in for it). Also the caller's
 * account's records for "Download all my data" (issue 23, fuel.dataExport.page and
 * inventory.dataExport.page), which import-service's export job asks for ('export.run').
 */
@Controller()
export class CostExportController {
  constructor(private readonly exports: CostExportService) {}

  @MessagePattern(FUEL_COST_EXPORT)
  fuelPage(@AdminCaller() _admin: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<FuelRecordSavedEvent>> {
    return this.exports.fuelCosts(m.payload);
  }

  @MessagePattern(INVENTORY_COST_EXPORT)
  purchasePage(@AdminCaller() _admin: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<InventoryPurchaseSavedEvent>> {
    return this.exports.purchaseCosts(m.payload);
  }

  /** fuel.dataExport.page ("Download all my data", issue 23): the account's fuel records as GET answers them. */
  @MessagePattern(FUEL_DATA_EXPORT)
  fuelDataPage(@Caller('export.run') caller: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<FuelRecord>> {
    return this.exports.fuelData(caller.accountId, m.payload);
  }

  /** inventory.dataExport.page ("Download all my data", issue 23): the account's part purchases as GET answers them. */
  @MessagePattern(PURCHASE_DATA_EXPORT)
  purchaseDataPage(@Caller('export.run') caller: Actor, @Payload() m: RpcMessage<ExportPageRequest>): Promise<ExportPage<Purchase>> {
    return this.exports.purchaseData(caller.accountId, m.payload);
  }
}
