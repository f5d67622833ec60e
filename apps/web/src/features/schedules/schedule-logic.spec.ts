import { ApiError } from '../../api/client';
import {
  byUrgency,
  checklistSchedules,
  emptyScheduleForm,
  forecastText,
  formToInput,
  groupByPeriod,
  intervalText,
  outOfSequence,
  parseStatuses,
  readingValueError,
  scheduleToForm,
  serverScheduleErrors,
  validateSchedule,
} from './schedule-logic';
import { aSchedule } from './schedule.fixture';

describe('schedule-logic', () => {
  it('checks a reading: whole miles, hours to one decimal, no negatives', () => {
    expect(readingValueError('distance', '12345')).toBeNull();
    expect(readingValueError('distance', '12345.0')).toBeNull();
    expect(readingValueError('distance', '12345.5')).toBe('Distance readings must be whole numbers');
    expect(readingValueError('hours', '1234.5')).toBeNull();
    expect(readingValueError('hours', '1234.55')).toBe('Hours readings must have at most 1 decimal');
    expect(readingValueError('hours', '-1')).toBe('Value must be a number, 0 or more');
    expect(readingValueError('hours', 'abc')).toBe('Value must be a number, 0 or more');
    expect(readingValueError('hours', ' ')).toBe('Value is required');
  });

  it('reads the neighbours of a 422 METER_OUT_OF_SEQUENCE answer and nothing else', () => {
    const before = {
      id: 3,
      meterId: 1,
      machineId: 7,
      value: 1200,
      lifetimeValue: 1200,
      readAt: '2026-01-01',
      void: false,
      rollover: false,
      replacement: false,
      source: 'manual' as const,
      sourceId: null,
      dateCreated: '',
    };
    const err = new ApiError(422, { statusCode: 422, code: 'METER_OUT_OF_SEQUENCE', message: 'x', correlationId: 'c', neighbours: { before, after: null } });
    expect(outOfSequence(err)).toEqual({ before, after: null });
    expect(outOfSequence(new ApiError(422, { statusCode: 422, code: 'UNPROCESSABLE', message: 'x', correlationId: 'c' }))).toBeNull();
    expect(outOfSequence(new Error('network'))).toBeNull();
  });

  it('sorts overdue, then due soon, then upcoming; within a status the earliest forecast first, none last', () => {
    const list = [
      aSchedule({ id: 1, status: 'upcoming', forecastDate: '2026-03-01', title: 'a' }),
      aSchedule({ id: 2, status: 'overdue', forecastDate: null, nextDueDate: null, title: 'b' }),
      aSchedule({ id: 3, status: 'due_soon', forecastDate: '2026-02-10', title: 'c' }),
      aSchedule({ id: 4, status: 'due_soon', forecastDate: '2026-02-01', title: 'd' }),
      aSchedule({ id: 5, status: 'upcoming', forecastDate: null, nextDueDate: null, title: 'e' }),
    ];
    expect([...list].sort(byUrgency).map((s) => s.id)).toEqual([2, 4, 3, 1, 5]);
  });

  it('groups by Monday-first week and by month of the forecast, the ones without a date last', () => {
    const list = [
      aSchedule({ id: 1, forecastDate: '2026-03-08' }), // Sunday: week of Monday 2026-03-02
      aSchedule({ id: 2, forecastDate: '2026-03-02' }),
      aSchedule({ id: 3, forecastDate: '2026-03-09' }),
      aSchedule({ id: 4, forecastDate: null, nextDueDate: null }),
      aSchedule({ id: 5, forecastDate: '2026-02-27' }),
    ];
    expect(groupByPeriod(list, 'week').map((g) => [g.label, g.items.map((s) => s.id)])).toEqual([
      ['Week of 2026-02-23', [5]],
      ['Week of 2026-03-02', [2, 1]],
      ['Week of 2026-03-09', [3]],
      ['Not enough readings', [4]],
    ]);
    expect(groupByPeriod(list, 'month').map((g) => [g.label, g.items.length])).toEqual([
      ['February 2026', 1],
      ['March 2026', 3],
      ['Not enough readings', 1],
    ]);
  });

  it('says "not enough readings" when there is no forecast', () => {
    expect(forecastText(aSchedule({ forecastDate: null }))).toBe('not enough readings');
    expect(forecastText(aSchedule({ forecastDate: '2026-05-01', status: 'upcoming' }), new Date(2026, 3, 1))).toBe('2026-05-01');
  });

  it('says "expected due now" when the projection is already reached on a schedule not yet overdue (issue 38)', () => {
    const now = new Date(2026, 10, 28, 23, 0);
    expect(forecastText(aSchedule({ forecastDate: '2026-11-28', status: 'due_soon' }), now)).toBe('expected due now');
    expect(forecastText(aSchedule({ forecastDate: '2026-11-20', status: 'upcoming' }), now)).toBe('expected due now');
    expect(forecastText(aSchedule({ forecastDate: '2026-11-29', status: 'due_soon' }), now)).toBe('2026-11-29');
    expect(forecastText(aSchedule({ forecastDate: '2026-11-20', status: 'overdue' }), now)).toBe('2026-11-20');
  });

  it('describes intervals in words', () => {
    expect(intervalText(aSchedule({ intervalMonths: 6, intervalDistance: 5000, intervalHours: null }), 'mi')).toBe('Every 6 months or 5,000 mi');
    expect(intervalText(aSchedule({ intervalMonths: null, intervalDays: 1, intervalHours: 250, recurring: false }), 'km')).toBe('Once, after 1 day or 250 h');
  });

  it('validates a schedule as the server does: an interval at all, above 0, decimals, windows no wider than the interval', () => {
    expect(validateSchedule(emptyScheduleForm())).toEqual({
      title: 'Title is required',
      intervalTime: 'Set at least one interval: days, months, distance or hours',
    });
    const v = {
      ...emptyScheduleForm(),
      title: 'Oil',
      intervalTime: '0',
      intervalDistance: '10.5',
      intervalHours: '250.25',
      soonHours: '300',
      soonDistance: '5',
    };
    expect(validateSchedule(v)).toEqual({
      intervalTime: 'Interval must be a whole number above 0',
      intervalDistance: 'Distance must be a whole number',
      intervalHours: 'Hours must have at most 1 decimal',
      soonHours: 'Due-soon window must not be larger than the interval',
    });
    expect(validateSchedule({ ...emptyScheduleForm(), title: 'Oil', intervalHours: '250', soonDays: '10' })).toEqual({
      soonDays: 'A due-soon window needs its interval',
    });
    expect(validateSchedule({ ...emptyScheduleForm(), title: 'Oil', intervalHours: '250', soonHours: '25' })).toEqual({});
  });

  it('turns the form into the API body, days or months from one field, empty as null', () => {
    const input = formToInput({
      ...emptyScheduleForm(),
      title: ' Oil ',
      every: 'days',
      intervalTime: '90',
      intervalHours: '250',
      anchor: 'fixed',
      recurring: false,
      lastDoneHours: '1000.5',
    });
    expect(input).toEqual({
      title: 'Oil',
      serviceType: 'Maintenance',
      intervalDays: 90,
      intervalMonths: null,
      intervalDistance: null,
      intervalHours: 250,
      soonDays: null,
      soonDistance: null,
      soonHours: null,
      recurring: false,
      anchor: 'fixed',
      lastDoneDate: null,
      lastDoneDistance: null,
      lastDoneHours: 1000.5,
      jobTemplateId: null,
    });
    expect(formToInput({ ...emptyScheduleForm(), jobTemplateId: '12' }).jobTemplateId).toBe(12);
    expect(scheduleToForm(aSchedule({ jobTemplateId: 12 })).jobTemplateId).toBe('12');
    // A stored schedule's own windows come back; the defaults stay empty (they follow the defaults).
    const back = scheduleToForm(aSchedule({ soonHours: 10, soonDays: 30 }));
    expect([back.every, back.intervalTime, back.intervalHours, back.soonHours, back.soonDays]).toEqual(['months', '12', '250', '10', '']);
  });

  it('places the server field messages under the form fields', () => {
    const err = new ApiError(400, {
      statusCode: 400,
      code: 'VALIDATION',
      message: 'Invalid',
      correlationId: 'c',
      errors: [
        { field: 'intervalMonths', message: 'Interval must be a whole number above 0' },
        { field: 'soonHours', message: 'Due-soon window must not be larger than the interval' },
      ],
    });
    expect(serverScheduleErrors(err)).toEqual({
      intervalTime: 'Interval must be a whole number above 0',
      soonHours: 'Due-soon window must not be larger than the interval',
    });
  });

  it('offers due and due-soon schedules to a record, and those it already completes', () => {
    const list = [
      aSchedule({ id: 1, status: 'upcoming' }),
      aSchedule({ id: 2, status: 'due_soon' }),
      aSchedule({ id: 3, status: 'overdue' }),
      aSchedule({ id: 4, status: 'upcoming', completedBy: [50], done: true, recurring: false }),
      aSchedule({ id: 5, status: 'overdue', origin: 'license' }),
    ];
    expect(checklistSchedules(list, null).map((s) => s.id)).toEqual([3, 2]);
    expect(checklistSchedules(list, 50).map((s) => s.id)).toEqual([3, 2, 4]);
  });

  it('reads the status filter of the Due page URL', () => {
    expect(parseStatuses('due_soon,overdue')).toEqual(['overdue', 'due_soon']);
    expect(parseStatuses(null)).toEqual(['overdue', 'due_soon', 'upcoming']);
    expect(parseStatuses('bogus')).toEqual(['overdue', 'due_soon', 'upcoming']);
  });
});
