import type { Meter, Schedule } from '@wrenchlog/contracts';

/** A schedule as the gateway answers it. */
export function aSchedule(over: Partial<Schedule> = {}): Schedule {
  return {
    id: 1,
    createdBy: null,
    updatedBy: null,
    machineId: 7,
    machineName: 'Tractor',
    machineType: 'Tractor',
    title: 'Engine oil and filter',
    serviceType: 'Maintenance',
    origin: 'user',
    jobTemplateId: null,
    intervalDays: null,
    intervalMonths: 12,
    intervalDistance: null,
    intervalHours: 250,
    soonDays: 30,
    soonDistance: 500,
    soonHours: 25,
    recurring: true,
    anchor: 'completion',
    lastDoneDate: null,
    lastDoneDistance: null,
    lastDoneHours: null,
    status: 'upcoming',
    reason: '120 h left',
    reasonDimension: 'hours',
    nextDueDate: '2027-01-01',
    nextDueDistance: null,
    nextDueHours: 1250,
    forecastDate: null,
    done: false,
    completedBy: [],
    distanceUnit: 'mi',
    ...over,
  };
}

/** A meter as the gateway answers it. */
export function aMeter(over: Partial<Meter> = {}): Meter {
  return {
    id: 11,
    machineId: 7,
    kind: 'hours',
    unit: 'h',
    label: '',
    currentValue: 1130,
    currentReadAt: '2026-01-02',
    stale: false,
    ratePerDay: 2,
    manualRatePerDay: null,
    rolloverValue: 10000,
    ...over,
  };
}
