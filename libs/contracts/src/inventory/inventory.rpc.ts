import type { FuelPurchaseDeleted } from '../fuel/fuel-record.contract.js';
import type {
  InventorySampleRequest,
  InventoryStats,
  InventoryStatsRequest,
  Part,
  PartCreateRequest,
  PartIdRequest,
  PartListRequest,
  PartPage,
  PartUpdateRequest,
} from './part.contract.js';
import { INVENTORY_LOAD_SAMPLE, PART_CREATE, PART_DELETE, PART_GET, PART_LIST, PART_STATS, PART_UPDATE } from './part.contract.js';
import type {
  Purchase,
  PurchaseCreateRequest,
  PurchaseIdRequest,
  PurchasePage,
  PurchasePageRequest,
  PurchasesForMachine,
  PurchasesForMachineRequest,
  PurchaseUpdateRequest,
} from './purchase.contract.js';
import { PURCHASE_CREATE, PURCHASE_DELETE, PURCHASE_GET, PURCHASE_RECENT, PURCHASE_RECENT_FOR_MACHINE, PURCHASE_UPDATE } from './purchase.contract.js';
import type {
  InventorySample,
  Supplier,
  SupplierAllRequest,
  SupplierCreateRequest,
  SupplierIdRequest,
  SupplierListRequest,
  SupplierPage,
  SupplierUpdateRequest,
} from './supplier.contract.js';
import { SUPPLIER_ALL, SUPPLIER_CREATE, SUPPLIER_DELETE, SUPPLIER_GET, SUPPLIER_LIST, SUPPLIER_UPDATE } from './supplier.contract.js';

// Pattern -> request and reply of fuel-purchase-service (context `inventory`: purchases, parts, suppliers).
import { INVENTORY_STOCK_RETURN, INVENTORY_STOCK_TAKE } from './stock-take.contract.js';
import type { StockReturnReply, StockReturnRequest, StockTakeReply, StockTakeRequest } from './stock-take.contract.js';
import { INVENTORY_STOCK_RESERVE, type StockReserveReply, type StockReserveRequest } from './stock-reservation.contract.js';
import { PART_LEDGER, PART_REORDER, PART_TO_REORDER } from './reorder.contract.js';
import type { PartLedgerRequest, ReorderDraft, ReorderItem, ReorderRequest, StockMovement, ToReorderRequest } from './reorder.contract.js';

export type InventoryRpc = {
  [INVENTORY_STOCK_TAKE]: { request: StockTakeRequest; response: StockTakeReply };
  [INVENTORY_STOCK_RETURN]: { request: StockReturnRequest; response: StockReturnReply };
  [INVENTORY_STOCK_RESERVE]: { request: StockReserveRequest; response: StockReserveReply };
  [PART_TO_REORDER]: { request: ToReorderRequest; response: ReorderItem[] };
  [PART_REORDER]: { request: ReorderRequest; response: ReorderDraft[] };
  [PART_LEDGER]: { request: PartLedgerRequest; response: StockMovement[] };
  [PURCHASE_RECENT]: { request: PurchasePageRequest; response: PurchasePage };
  [PURCHASE_RECENT_FOR_MACHINE]: { request: PurchasesForMachineRequest; response: PurchasesForMachine };
  [PURCHASE_GET]: { request: PurchaseIdRequest; response: Purchase };
  [PURCHASE_CREATE]: { request: PurchaseCreateRequest; response: Purchase };
  [PURCHASE_UPDATE]: { request: PurchaseUpdateRequest; response: Purchase };
  [PURCHASE_DELETE]: { request: PurchaseIdRequest; response: FuelPurchaseDeleted };
  [PART_LIST]: { request: PartListRequest; response: PartPage };
  [PART_GET]: { request: PartIdRequest; response: Part };
  [PART_CREATE]: { request: PartCreateRequest; response: Part };
  [PART_UPDATE]: { request: PartUpdateRequest; response: Part };
  [PART_DELETE]: { request: PartIdRequest; response: FuelPurchaseDeleted };
  [PART_STATS]: { request: InventoryStatsRequest; response: InventoryStats };
  [INVENTORY_LOAD_SAMPLE]: { request: InventorySampleRequest; response: InventorySample };
  [SUPPLIER_LIST]: { request: SupplierListRequest; response: SupplierPage };
  [SUPPLIER_ALL]: { request: SupplierAllRequest; response: Supplier[] };
  [SUPPLIER_GET]: { request: SupplierIdRequest; response: Supplier };
  [SUPPLIER_CREATE]: { request: SupplierCreateRequest; response: Supplier };
  [SUPPLIER_UPDATE]: { request: SupplierUpdateRequest; response: Supplier };
  [SUPPLIER_DELETE]: { request: SupplierIdRequest; response: FuelPurchaseDeleted };
};
