import { handlerCallers, handlerRights } from '@wrenchlog/platform';
import { CostExportController } from './fuel/cost-export.controller.js';
import { FuelRecordsController } from './fuel/fuel-records.controller.js';
import { InventoryExportController } from './inventory/inventory-export.controller.js';
import { InventoryImportsController } from './inventory/inventory-imports.controller.js';
import { InventoryController } from './inventory/inventory.controller.js';
import { MachineEventsController } from './machines/machine-events.controller.js';
import { PurchasesController } from './purchases/purchases.controller.js';
import { ReorderController } from './reorder/reorder.controller.js';
import { StockTakesController } from './inventory/stock-takes.controller.js';

// The service's policy (issue 32): every handler names the right a role needs (ROLE_RIGHTS), so a
// handler added without one fails here. Imports are import-service's job ('import.run'), the data
// exports its export job ('export.run'); the cost exports stay the administrators' (report-service's
// rebuild reads every account).
describe('who may call fuel-purchase-service', () => {
  it('asks fuel.read / fuel.write of fuel records, import.run of their import', () => {
    expect(handlerRights(FuelRecordsController)).toEqual({
      listByMachine: 'fuel.read',
      latest: 'fuel.read',
      get: 'fuel.read',
      create: 'fuel.write',
      update: 'fuel.write',
      remove: 'fuel.write',
      importApply: 'import.run',
      importCheck: 'import.run',
      importRevert: 'import.run',
    });
    expect(handlerRights(MachineEventsController)).toEqual({ historyCount: 'fuel.read' });
  });

  it('asks inventory.read / inventory.write of purchases, parts and suppliers, import.run of their imports', () => {
    expect(handlerRights(PurchasesController)).toEqual({
      recent: 'inventory.read',
      recentForMachine: 'inventory.read',
      get: 'inventory.read',
      create: 'inventory.write',
      update: 'inventory.write',
      remove: 'inventory.write',
      importApply: 'import.run',
      importCheck: 'import.run',
      importRevert: 'import.run',
    });
    expect(handlerRights(InventoryController)).toEqual({
      listParts: 'inventory.read',
      getPart: 'inventory.read',
      createPart: 'inventory.write',
      updatePart: 'inventory.write',
      deletePart: 'inventory.write',
      stats: 'inventory.read',
      loadSample: 'inventory.write',
      listSuppliers: 'inventory.read',
      allSuppliers: 'inventory.read',
      getSupplier: 'inventory.read',
      createSupplier: 'inventory.write',
      updateSupplier: 'inventory.write',
      deleteSupplier: 'inventory.write',
    });
    expect(handlerRights(InventoryImportsController)).toEqual({ applySuppliers: 'import.run', applyParts: 'import.run', revertStock: 'import.run' });
  });

  it("asks inventory.read of the parts loop's reads and inventory.write of drafts and work orders' stock moves (issue 35)", () => {
    expect(handlerRights(ReorderController)).toEqual({ list: 'inventory.read', draft: 'inventory.write', ledger: 'inventory.read' });
    expect(handlerRights(StockTakesController)).toEqual({ take: 'inventory.write', return: 'inventory.write', reserve: 'inventory.write' });
  });

  it('asks export.run of the data exports and keeps the cost exports for administrators', () => {
    expect(handlerRights(InventoryExportController)).toEqual({ supplierPage: 'export.run', partPage: 'export.run' });
    expect(handlerRights(CostExportController)).toEqual({ fuelDataPage: 'export.run', purchaseDataPage: 'export.run' });
    expect(handlerCallers(CostExportController)).toEqual({ fuelPage: 'admin', purchasePage: 'admin', fuelDataPage: 'user', purchaseDataPage: 'user' });
  });
});
