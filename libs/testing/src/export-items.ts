import type { MachineExportItem, ScheduleExportItem, ServiceRecordExportItem } from '@wrenchlog/contracts';

// Items of "Download all my data" (issue 23) as the owners answer them, for tests that write an
// export's CSVs (libs/importers' exportRow): every field, with what a test names overriding it.

/** A machine: a 2019 Ford pickup, id 7, with nothing optional set. */
export const anExportedMachine = (fields: Partial<MachineExportItem> = {}): MachineExportItem => ({
  id: 7,
  name: 'Pickup',
  year: 2019,
  make: 'Ford',
  model: 'F-250',
  submodel: null,
  vin: null,
  serialNumber: null,
  color: null,
  description: null,
  status: 'Active',
  type: 'Truck',
  purchasedDate: null,
  lastServicedDate: null,
  miles: null,
  hours: null,
  license: null,
  licenseExpirationDate: null,
  isPermanentLicense: false,
  insuranceProvider: null,
  policyNumber: null,
  insuranceExpirationDate: null,
  profilePhoto: null,
  lastUpdated: '2024-03-20T10:00:00.000Z',
  archived: false,
  photos: [],
  ...fields,
});

/** A service record of machine 7: an oil change on 2024-03-20 at 48,000 miles. */
export const anExportedServiceRecord = (fields: Partial<ServiceRecordExportItem> = {}): ServiceRecordExportItem => ({
  id: 11,
  title: 'Oil change',
  status: 'Complete',
  machineName: 'Pickup',
  machineId: 7,
  serviceDate: '2024-03-20',
  serviceType: 'Maintenance',
  serviceShop: null,
  notes: null,
  price: 50,
  dateCreated: '2024-03-20T11:00:00.000Z',
  miles: 48000,
  hours: null,
  photos: [],
  ...fields,
});

/**
 * A schedule of machine 7: an oil change every 6 months or 5,000 miles from its baseline
 * (2023-09-01, 43,000), done by records 11 and 9, last on 2024-03-20 at 48,000.
 */
export const anExportedSchedule = (fields: Partial<ScheduleExportItem> = {}): ScheduleExportItem => ({
  id: 71,
  createdBy: null,
  updatedBy: null,
  machineId: 7,
  machineName: 'Pickup',
  machineType: 'Truck',
  title: 'Oil change',
  serviceType: 'Maintenance',
  origin: 'user',
  intervalDays: null,
  intervalMonths: 6,
  intervalDistance: 5000,
  intervalHours: null,
  soonDays: 14,
  soonDistance: 500,
  soonHours: 25,
  recurring: true,
  anchor: 'completion',
  lastDoneDate: '2024-03-20',
  lastDoneDistance: 48000,
  lastDoneHours: null,
  status: 'upcoming',
  reason: 'Due in 5 months',
  reasonDimension: 'date',
  nextDueDate: '2024-09-20',
  nextDueDistance: 53000,
  nextDueHours: null,
  forecastDate: null,
  done: false,
  completedBy: [11, 9],
  distanceUnit: 'mi',
  ownSoonDays: null,
  ownSoonDistance: 300,
  ownSoonHours: null,
  baseDate: '2023-09-01',
  baseDistance: 43000,
  baseHours: null,
  ...fields,
});
