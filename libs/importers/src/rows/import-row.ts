import type { FuelRow } from './fuel-row.js';
import type { PartRow, SupplierRow } from './inventory-rows.js';
import type { MachineRow } from './machine-row.js';
import type { OdometerRow } from './odometer-row.js';
import type { PurchaseRow } from './purchase-row.js';
import type { ReadingRow } from './reading-row.js';
import type { NormalizedRow } from './row.js';
import type { ScheduleRow } from './schedule-row.js';
import type { ServiceRow } from './service-row.js';

/** A row of any kind, told apart by `kind` (its record has that kind's DTO shape). */
export type ImportRow =
  | (NormalizedRow<FuelRow> & { kind: 'fuel' })
  | (NormalizedRow<ServiceRow> & { kind: 'service' })
  | (NormalizedRow<PurchaseRow> & { kind: 'purchase' })
  | (NormalizedRow<MachineRow> & { kind: 'machine' })
  | (NormalizedRow<OdometerRow> & { kind: 'odometer' })
  | (NormalizedRow<SupplierRow> & { kind: 'supplier' })
  | (NormalizedRow<PartRow> & { kind: 'part' })
  | (NormalizedRow<ReadingRow> & { kind: 'reading' })
  | (NormalizedRow<ScheduleRow> & { kind: 'schedule' });
