import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { JobRunBody } from '../admin/job.contract.js';
import { UpdateMeRequest } from '../user/user.contract.js';
import { CreateReadingInput, UpdateMeterInput } from './meter.contract.js';
import { ScheduleInput } from './schedule.contract.js';

// Issue 36: hostile values the last phase's DTOs let through to the services.
const fields = (cls: new () => object, plain: object): string[] => {
  const walk = (errors: ReturnType<typeof validateSync>, prefix: string): string[] =>
    errors.flatMap((e) => [...(e.constraints ? [prefix + e.property] : []), ...walk(e.children ?? [], `${prefix}${e.property}.`)]);
  return walk(validateSync(plainToInstance(cls, plain), { whitelist: true }), '');
};
const schedule = { title: 'Oil', serviceType: 'Oil Change', recurring: true, anchor: 'completion', intervalMonths: 6 };

describe('last phase DTOs against hostile values', () => {
  it('takes a valid schedule, and null as "not set"', () => {
    expect(fields(ScheduleInput, schedule)).toEqual([]);
    expect(fields(ScheduleInput, { ...schedule, intervalHours: null, lastDoneDate: null })).toEqual([]);
  });

  it.each(['intervalHours', 'intervalDays', 'lastDoneHours', 'lastDoneDistance', 'soonDays', 'lastDoneDate'])("refuses '' in a schedule's %s", (field) => {
    expect(fields(ScheduleInput, { ...schedule, [field]: '' })).toEqual([field]);
  });

  it.each([
    ['lastDoneHours', 1e308],
    ['lastDoneDistance', 1e308],
    ['intervalMonths', 1e308],
    ['lastDoneDate', '9999-12-31'],
  ])("refuses a schedule's %s of %p", (field, value) => {
    expect(fields(ScheduleInput, { ...schedule, [field]: value })).toEqual([field]);
  });

  it.each([
    [{ label: null }, 'label'],
    [{ label: '   ' }, 'label'],
    [{ rolloverValue: 0 }, 'rolloverValue'],
    [{ rolloverValue: null }, 'rolloverValue'],
    [{ manualRatePerDay: 1e308 }, 'manualRatePerDay'],
    [{ manualRatePerDay: '' }, 'manualRatePerDay'],
  ])('refuses the meter update %j', (body, field) => {
    expect(fields(UpdateMeterInput, body)).toEqual([field]);
  });

  it('takes a meter update that clears the manual rate', () => {
    expect(fields(UpdateMeterInput, { label: 'Odometer', manualRatePerDay: null, rolloverValue: 100_000 })).toEqual([]);
  });

  it.each(['9999-12-31', '2026-12-31T25:61', ''])('refuses a reading dated %j', (readAt) => {
    expect(fields(CreateReadingInput, { value: 1, readAt })).toEqual(['readAt']);
  });

  it('refuses a job limit sent as text', () => {
    expect(fields(JobRunBody, { params: { limit: '42' } })).toEqual(['params.limit']);
    expect(fields(JobRunBody, { params: { limit: 42 } })).toEqual([]);
  });

  it.each(['Ann\u0000Lee', 'Ann\nLee'])('refuses the account name %j', (name) => {
    expect(fields(UpdateMeRequest, { name })).toEqual(['name']);
  });
});
