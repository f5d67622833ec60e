import { MEMBERS_MIGRATIONS, OUTBOX_MIGRATIONS } from '@wrenchlog/platform';
import { CreateFuelPurchase1763740004000 } from './1763740004000-create-fuel-purchase.js';
import { CreateKnownMachines1763760000000 } from './1763760000000-create-known-machines.js';
import { AddFuelFillFlags1764100000000 } from './1764100000000-add-fuel-fill-flags.js';
import { AddImportColumns1764200000000 } from './1764200000000-add-import-columns.js';
import { AddInventoryImportColumns1766000000000 } from './1766000000000-add-inventory-import-columns.js';
import { MoveToAccounts1766100000100 } from './1766100000100-move-to-accounts.js';
import { CreateStockTakes1767000000200 } from './1767000000200-create-stock-takes.js';
import { CreatePartsLoop1767510000000 } from './1767510000000-create-parts-loop.js';

// The outbox came with issue 21 (fuel.record.saved/deleted); for an existing database it is simply pending.
export const migrations = [
  CreateFuelPurchase1763740004000,
  CreateKnownMachines1763760000000,
  ...OUTBOX_MIGRATIONS,
  AddFuelFillFlags1764100000000,
  AddImportColumns1764200000000,
  AddInventoryImportColumns1766000000000,
  // Issue 32: the members projection (createdBy / updatedBy names, assignments), then the rows move to accounts.
  ...MEMBERS_MIGRATIONS,
  MoveToAccounts1766100000100,
  // Issue 35: work orders' stock takes.
  CreateStockTakes1767000000200,
  // Issue 35's parts loop: reservations of open orders and the stock ledger.
  CreatePartsLoop1767510000000,
];
