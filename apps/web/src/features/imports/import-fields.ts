import type { RecordKind } from './import-sources';

// What a column can be mapped to, per kind of record: the field names and labels of libs/importers'
// FIELDS (libs/importers/src/fields/fields.ts), which the SPA cannot import (it takes only the
// contracts). The server checks every mapping against that list and answers a field message for a
// field that is not its kind's, so a drift shows as a clear 400, never as a wrong import.
// The labels stay the importers' English words (the preview reads their messages by them); the Map
// step shows each field in the reader's language (`fields.<kind>.<value>` in the imports texts).

export interface FieldOption {
  value: string;
  label: string;
}

const MACHINE_REF: FieldOption[] = [
  { value: 'machine', label: 'Machine (name)' },
  { value: 'tags', label: 'Tags (kept in notes)' },
];

export const FIELD_OPTIONS: Record<RecordKind, FieldOption[]> = {
  machine: [
    { value: 'name', label: 'Name' },
    { value: 'year', label: 'Year' },
    { value: 'make', label: 'Make' },
    { value: 'model', label: 'Model' },
    { value: 'submodel', label: 'Submodel' },
    { value: 'vin', label: 'VIN' },
    { value: 'serialNumber', label: 'Serial number' },
    { value: 'color', label: 'Color' },
    { value: 'description', label: 'Description' },
    { value: 'status', label: 'Status' },
    { value: 'type', label: 'Type' },
    { value: 'purchasedDate', label: 'Purchased date' },
    { value: 'miles', label: 'Miles' },
    { value: 'hours', label: 'Hours' },
    { value: 'license', label: 'License' },
    { value: 'licenseExpirationDate', label: 'License expiration' },
    { value: 'insuranceProvider', label: 'Insurance provider' },
    { value: 'policyNumber', label: 'Policy number' },
    { value: 'insuranceExpirationDate', label: 'Insurance expiration' },
  ],
  service: [
    ...MACHINE_REF,
    { value: 'title', label: 'Title' },
    { value: 'serviceDate', label: 'Service date' },
    { value: 'serviceType', label: 'Service type' },
    { value: 'status', label: 'Status' },
    { value: 'serviceShop', label: 'Service shop' },
    { value: 'notes', label: 'Notes' },
    { value: 'price', label: 'Price' },
    { value: 'miles', label: 'Miles' },
    { value: 'hours', label: 'Hours' },
    // A restore's service-records.csv id, which its schedules' completions name.
    { value: 'ref', label: 'Export id' },
  ],
  fuel: [
    ...MACHINE_REF,
    { value: 'date', label: 'Date' },
    { value: 'amount', label: 'Amount (volume)' },
    { value: 'pricePerUnit', label: 'Price per unit' },
    { value: 'totalPrice', label: 'Total price' },
    { value: 'odometer', label: 'Odometer' },
    { value: 'tripDistance', label: 'Distance since last fill' },
    { value: 'hours', label: 'Hours' },
    { value: 'storeName', label: 'Station' },
    { value: 'storeCity', label: 'City' },
    { value: 'storeState', label: 'State' },
    { value: 'notes', label: 'Notes' },
    { value: 'fullTank', label: 'Full tank' },
    { value: 'partialFill', label: 'Partial fill (not full)' },
    { value: 'missedPrevious', label: 'Missed the previous fill' },
  ],
  purchase: [
    ...MACHINE_REF,
    { value: 'partName', label: 'Part name' },
    { value: 'partNumber', label: 'Part number' },
    { value: 'partDescription', label: 'Part description' },
    { value: 'partUrl', label: 'Part URL' },
    { value: 'quantity', label: 'Quantity' },
    { value: 'price', label: 'Price' },
    { value: 'storeName', label: 'Store' },
    { value: 'storeCity', label: 'Store city' },
    { value: 'storeState', label: 'Store state' },
    { value: 'storeAddress', label: 'Store address' },
    { value: 'partStatus', label: 'Status' },
    { value: 'purchaseDate', label: 'Purchase date' },
    { value: 'notes', label: 'Notes (kept in the description)' },
    { value: 'partRef', label: 'Inventory part (export id)' },
    { value: 'storeRef', label: 'Supplier (export id)' },
  ],
  odometer: [
    ...MACHINE_REF,
    { value: 'date', label: 'Date' },
    { value: 'odometer', label: 'Odometer' },
    { value: 'initialOdometer', label: 'Initial odometer' },
    { value: 'notes', label: 'Notes' },
  ],
  // A restore's suppliers.csv and parts.csv.
  supplier: [
    { value: 'ref', label: 'Export id' },
    { value: 'name', label: 'Company name' },
    { value: 'contact', label: 'Contact person' },
    { value: 'email', label: 'Email' },
    { value: 'phone', label: 'Phone' },
    { value: 'address', label: 'Address' },
  ],
  part: [
    { value: 'ref', label: 'Export id' },
    { value: 'partNumber', label: 'Part number' },
    { value: 'name', label: 'Name' },
    { value: 'description', label: 'Description' },
    { value: 'category', label: 'Category' },
    { value: 'quantity', label: 'Quantity in stock' },
    { value: 'minStock', label: 'Min stock' },
    { value: 'price', label: 'Price' },
    { value: 'supplierRef', label: 'Supplier (export id)' },
    { value: 'brand', label: 'Brand' },
  ],
  // A restore's meter-readings.csv.
  reading: [
    { value: 'machine', label: 'Machine (name)' },
    { value: 'meterKind', label: 'Meter (distance or hours)' },
    { value: 'unit', label: 'Unit' },
    { value: 'value', label: 'Value' },
    { value: 'readAt', label: 'Date' },
    { value: 'void', label: 'Void' },
    { value: 'rollover', label: 'Rollover' },
    { value: 'replacement', label: 'Meter replacement' },
    { value: 'source', label: 'Source' },
  ],
  // A restore's schedules.csv.
  schedule: [
    { value: 'machine', label: 'Machine (name)' },
    { value: 'title', label: 'Title' },
    { value: 'serviceType', label: 'Service type' },
    { value: 'origin', label: 'Origin' },
    { value: 'intervalDays', label: 'Every (days)' },
    { value: 'intervalMonths', label: 'Every (months)' },
    { value: 'intervalDistance', label: 'Every (distance)' },
    { value: 'intervalHours', label: 'Every (hours)' },
    { value: 'soonDays', label: 'Due soon (days)' },
    { value: 'soonDistance', label: 'Due soon (distance)' },
    { value: 'soonHours', label: 'Due soon (hours)' },
    { value: 'recurring', label: 'Recurring' },
    { value: 'anchor', label: 'Anchor' },
    { value: 'baseDate', label: 'Baseline date' },
    { value: 'baseDistance', label: 'Baseline distance' },
    { value: 'baseHours', label: 'Baseline hours' },
    { value: 'lastDoneDate', label: 'Last done (date)' },
    { value: 'lastDoneDistance', label: 'Last done (distance)' },
    { value: 'lastDoneHours', label: 'Last done (hours)' },
    { value: 'done', label: 'Done' },
    { value: 'completedBy', label: 'Completed by (export ids)' },
  ],
};
