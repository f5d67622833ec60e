import { OPERATOR_EDIT_WINDOW_MS } from '@wrenchlog/contracts';
import { handlerCallers, handlerRights } from '@wrenchlog/platform';
import { memberOf, userA } from '@wrenchlog/testing/nest';
import { DataExportController } from '../data-export/data-export.controller.js';
import { SchedulesController } from '../schedules/schedules.controller.js';
import { ReadingExportController } from '../usage/reading-export.controller.js';
import { mustLookAfterMeters, mustStillChange, readingsShownOnlyOf, seesReading } from './reading-policy.js';
import { ReadingsController } from './readings.controller.js';

describe('the schedule context policy', () => {
  it('asks each handler for its right (issue 32): meters and readings, schedules, imports and exports', () => {
    expect(handlerRights(ReadingsController)).toEqual({
      byMachine: 'meter.read',
      updateMeter: 'meter.write',
      replace: 'meter.write',
      create: 'meter.write',
      batch: 'meter.write',
      list: 'meter.read',
      setVoid: 'meter.write',
      voidedByRecord: 'meter.read',
      importCheck: 'import.run',
      importApply: 'import.run',
      importApplyReadings: 'import.run',
      importApplySchedules: 'import.run',
      importCheckSchedules: 'import.run',
      importHandReadings: 'import.run',
      importRevert: 'import.run',
    });
    expect(handlerRights(SchedulesController)).toEqual({
      create: 'schedule.write',
      byMachine: 'schedule.read',
      list: 'schedule.read',
      get: 'schedule.read',
      update: 'schedule.write',
      delete: 'schedule.write',
      complete: 'schedule.write',
      templates: 'schedule.read',
    });
    expect(handlerRights(DataExportController)).toEqual({ readings: 'export.run', schedules: 'export.run' });
    expect(handlerCallers(ReadingExportController)).toEqual({ page: 'admin' });
  });

  const operator = memberOf(userA, 'operator');
  const mechanic = memberOf(userA, 'mechanic');
  const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

  it("shows an operator only their own readings, and every other role all of the account's", () => {
    expect(readingsShownOnlyOf(operator)).toBe(operator.userId);
    expect(readingsShownOnlyOf(mechanic)).toBeNull();
    expect(seesReading(operator, { createdBy: operator.userId })).toBe(true);
    expect(seesReading(operator, { createdBy: userA.userId })).toBe(false);
    expect(seesReading(operator, { createdBy: null })).toBe(false);
    expect(seesReading(mechanic, { createdBy: userA.userId })).toBe(true);
  });

  it('lets an operator change a reading within 24 hours of adding it, and no later', () => {
    expect(OPERATOR_EDIT_WINDOW_MS).toBe(24 * 3_600_000);
    expect(() => mustStillChange(operator, { dateCreated: hoursAgo(23) })).not.toThrow();
    expect(() => mustStillChange(operator, { dateCreated: hoursAgo(25) })).toThrow(
      'Your role (operator) can change a reading only within 24 hours of adding it',
    );
    expect(() => mustStillChange(mechanic, { dateCreated: hoursAgo(24 * 400) })).not.toThrow();
  });

  it('leaves the meters themselves (settings, replacement) to the roles that look after machines', () => {
    expect(() => mustLookAfterMeters(operator)).toThrow('Your role (operator) cannot change or replace meters');
    expect(() => mustLookAfterMeters(mechanic)).not.toThrow();
  });
});
