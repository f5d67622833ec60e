import { ErrorCode, type ScheduleInput } from '@wrenchlog/contracts';
import { baselineOf, checkSchedule, meterForecast, nextDue, scheduleStatus, windowsOf, type MeterState } from './schedule.rules.js';

const base: ScheduleInput = { title: 'Engine oil and filter', serviceType: 'Oil Change', recurring: true, anchor: 'completion' };
const hoursMeter = (current: number | null, readAt: string | null, rate: number | null): MeterState => ({ current, readAt, rate, unit: 'h' });
const miles = (current: number | null, readAt: string | null, rate: number | null): MeterState => ({ current, readAt, rate, unit: 'mi' });
const today = '2025-06-30';

describe('schedule rules', () => {
  describe(checkSchedule.name, () => {
    it('needs an interval at all', () => {
      expect(() => checkSchedule(base)).toThrow(
        expect.objectContaining({
          code: ErrorCode.Validation,
          details: [{ field: 'intervalDays', message: 'Set at least one interval: days, months, distance or hours' }],
        }),
      );
    });

    it('refuses intervals of 0 or below', () => {
      expect(() => checkSchedule({ ...base, intervalHours: 0 })).toThrow(
        expect.objectContaining({ details: [expect.objectContaining({ field: 'intervalHours' })] }),
      );
      expect(() => checkSchedule({ ...base, intervalDays: -3 })).toThrow(
        expect.objectContaining({ details: [expect.objectContaining({ field: 'intervalDays' })] }),
      );
    });

    it('takes distance whole and hours to 1 decimal, more answers 422', () => {
      expect(checkSchedule({ ...base, intervalDistance: 5000, intervalHours: 12.5 })).toMatchObject({ intervalDistance: 5000, intervalHours: 12.5 });
      expect(() => checkSchedule({ ...base, intervalDistance: 5000.5 })).toThrow(expect.objectContaining({ code: ErrorCode.Unprocessable }));
      expect(() => checkSchedule({ ...base, intervalHours: 12.25 })).toThrow(expect.objectContaining({ code: ErrorCode.Unprocessable }));
    });

    // Issue 36: a tiny fraction was taken as whole and stored as 0.
    it.each([
      ['intervalMonths', 1e-7],
      ['intervalDays', 1e-7],
      ['intervalDistance', 1e-7],
      ['intervalHours', 1e-7],
    ])('refuses %s of %p as decimals (422), never rounds it', (field, value) => {
      expect(() => checkSchedule({ ...base, [field]: value })).toThrow(
        expect.objectContaining({ code: ErrorCode.Unprocessable, details: [expect.objectContaining({ field })] }),
      );
    });

    it('refuses a first due date past 2200 with 400 on the interval (issue 36)', () => {
      expect(() => checkSchedule({ ...base, intervalMonths: 1200, lastDoneDate: '2150-01-01' })).toThrow(
        expect.objectContaining({ code: ErrorCode.Validation, details: [expect.objectContaining({ field: 'intervalMonths' })] }),
      );
      expect(() => checkSchedule({ ...base, intervalDays: 36_500, lastDoneDate: '2150-01-01' })).toThrow(
        expect.objectContaining({ code: ErrorCode.Validation, details: [expect.objectContaining({ field: 'intervalDays' })] }),
      );
      expect(checkSchedule({ ...base, intervalMonths: 1200, lastDoneDate: '2100-12-31' }).intervalMonths).toBe(1200);
    });

    it('refuses a due-soon window larger than its interval', () => {
      expect(() => checkSchedule({ ...base, intervalHours: 250, soonHours: 300 })).toThrow(
        expect.objectContaining({ details: [{ field: 'soonHours', message: 'Due-soon window must not be larger than the interval' }] }),
      );
      // A month counts 31 days for the window.
      expect(checkSchedule({ ...base, intervalMonths: 1, soonDays: 31 }).soonDays).toBe(31);
      expect(() => checkSchedule({ ...base, intervalMonths: 1, soonDays: 32 })).toThrow();
    });

    it('refuses days and months together', () => {
      expect(() => checkSchedule({ ...base, intervalDays: 30, intervalMonths: 1 })).toThrow(
        expect.objectContaining({ details: [expect.objectContaining({ field: 'intervalMonths' })] }),
      );
    });

    it('refuses a blank title the DTO lets through', () => {
      expect(() => checkSchedule({ ...base, title: '   ', intervalDays: 30 })).toThrow(
        expect.objectContaining({ details: [{ field: 'title', message: 'Title is required (at most 200 characters)' }] }),
      );
    });
  });

  describe(windowsOf.name, () => {
    it('defaults to 30 days, 500 and 25 h, never wider than the interval', () => {
      expect(
        windowsOf({ soonDays: null, soonDistance: null, soonHours: null, intervalDays: null, intervalMonths: 6, intervalDistance: 5000, intervalHours: 10 }),
      ).toEqual({ days: 30, distance: 500, hours: 10 });
      expect(
        windowsOf({ soonDays: 5, soonDistance: 100, soonHours: 2, intervalDays: 7, intervalMonths: null, intervalDistance: 5000, intervalHours: 10 }),
      ).toEqual({ days: 5, distance: 100, hours: 2 });
    });
  });

  describe(nextDue.name, () => {
    const every = { intervalDays: null, intervalMonths: 6, intervalDistance: 5000, intervalHours: 250, recurring: true } as const;
    const baseline = { date: '2025-01-15', distance: 40_000, hours: 1000 };

    it('from completion: completed value + interval per dimension', () => {
      const due = nextDue({ ...every, anchor: 'completion' }, baseline, [{ id: 1, date: '2025-05-01', distance: 44_800, hours: 1230 }]);
      expect(due).toMatchObject({ date: '2025-11-01', distance: 49_800, hours: 1480, done: false });
    });

    it('on a fixed grid: previous due + interval, whenever it was done', () => {
      const due = nextDue({ ...every, anchor: 'fixed' }, baseline, [{ id: 1, date: '2025-05-01', distance: 44_800, hours: 1230 }]);
      // First due Jul 15 / 45,000 / 1,250; done early, the next stays on the grid.
      expect(due).toMatchObject({ date: '2026-01-15', distance: 50_000, hours: 1500 });
    });

    it('recomputes from the remaining history after a completion is deleted', () => {
      const c1 = { id: 1, date: '2025-05-01', distance: 44_800, hours: 1230 };
      const c2 = { id: 2, date: '2025-10-20', distance: 49_500, hours: 1470 };
      expect(nextDue({ ...every, anchor: 'completion' }, baseline, [c1, c2]).hours).toBe(1720);
      expect(nextDue({ ...every, anchor: 'completion' }, baseline, [c1]).hours).toBe(1480);
      expect(nextDue({ ...every, anchor: 'completion' }, baseline, []).hours).toBe(1250);
    });

    it('clamps a month step to the end of the month', () => {
      expect(
        nextDue(
          { intervalDays: null, intervalMonths: 1, intervalDistance: null, intervalHours: null, recurring: true, anchor: 'completion' },
          { date: '2025-01-31', distance: null, hours: null },
          [],
        ).date,
      ).toBe('2025-02-28');
    });

    it('keeps the value before a completion that had no reading for a dimension', () => {
      expect(nextDue({ ...every, anchor: 'completion' }, baseline, [{ id: 1, date: '2025-05-01', distance: null, hours: 1230 }]).distance).toBe(45_000);
    });

    it('is done after one completion of a one-off', () => {
      expect(nextDue({ ...every, recurring: false, anchor: 'completion' }, baseline, [{ id: 1, date: '2025-05-01', distance: 1, hours: 1 }])).toMatchObject({
        done: true,
        date: null,
        hours: null,
      });
    });

    it('starts from what was last done, else today and the current values', () => {
      expect(baselineOf({ lastDoneDate: null, lastDoneDistance: null, lastDoneHours: 900 }, today, { distance: 12_000, hours: 950 })).toEqual({
        date: today,
        distance: 12_000,
        hours: 900,
      });
      expect(baselineOf({ lastDoneDate: null, lastDoneDistance: null, lastDoneHours: null }, today, { distance: null, hours: null })).toEqual({
        date: today,
        distance: 0,
        hours: 0,
      });
    });
  });

  describe(scheduleStatus.name, () => {
    const windows = { days: 30, distance: 500, hours: 25 };

    it('is Overdue when a meter reached its due value, and says by how much', () => {
      const s = scheduleStatus({ date: null, distance: 45_000, hours: null }, windows, { distance: miles(45_340, today, 40), hours: null }, today);
      expect(s).toMatchObject({ status: 'overdue', reason: 'Overdue by 340 mi', reasonDimension: 'distance', forecastDate: today });
    });

    it('is Overdue on the due date itself', () => {
      expect(scheduleStatus({ date: today, distance: null, hours: null }, windows, { distance: null, hours: null }, today)).toMatchObject({
        status: 'overdue',
        reason: 'Due today',
        reasonDimension: 'date',
      });
      expect(scheduleStatus({ date: '2025-06-20', distance: null, hours: null }, windows, { distance: null, hours: null }, today).reason).toBe(
        'Overdue by 10 days',
      );
    });

    it('is Due soon within a window, naming the dimension that decided', () => {
      const s = scheduleStatus({ date: '2025-12-30', distance: null, hours: 1250 }, windows, { distance: null, hours: hoursMeter(1230, today, null) }, today);
      expect(s).toMatchObject({ status: 'due_soon', reason: '20 h left', reasonDimension: 'hours' });
      expect(scheduleStatus({ date: '2025-07-12', distance: null, hours: null }, windows, { distance: null, hours: null }, today)).toMatchObject({
        status: 'due_soon',
        reason: 'Due in 12 days',
      });
    });

    it('is Upcoming otherwise, the reason from the earliest expected dimension', () => {
      // 120 h left at 10 h a day is 12 days away, before the date in 100 days.
      const s = scheduleStatus({ date: '2025-10-08', distance: null, hours: 1250 }, windows, { distance: null, hours: hoursMeter(1130, today, 10) }, today);
      expect(s).toMatchObject({ status: 'upcoming', reason: '120 h left', reasonDimension: 'hours', forecastDate: '2025-07-12' });
    });

    it('forecasts the earliest of the due date and the meter forecasts; none without a rate', () => {
      expect(
        scheduleStatus({ date: null, distance: null, hours: 1250 }, windows, { distance: null, hours: hoursMeter(1000, today, null) }, today).forecastDate,
      ).toBeNull();
      expect(
        scheduleStatus({ date: '2025-08-01', distance: null, hours: 1250 }, windows, { distance: null, hours: hoursMeter(1000, today, null) }, today)
          .forecastDate,
      ).toBe('2025-08-01');
    });

    it('has no forecast for meter dimensions only, none with a rate, even when overdue or on a km meter', () => {
      const km = (current: number, rate: number | null): MeterState => ({ current, readAt: today, rate, unit: 'km' });
      const s = scheduleStatus(
        { date: null, distance: 45_000, hours: 1250 },
        windows,
        { distance: km(45_340, null), hours: hoursMeter(1000, today, 0) },
        today,
      );
      expect(s).toMatchObject({ status: 'overdue', reason: 'Overdue by 340 km', reasonDimension: 'distance', forecastDate: null });
      // With a rate on one meter only: 250 h left at 10 h a day is 25 days, July 25; the distance has none.
      expect(
        scheduleStatus({ date: null, distance: 50_000, hours: 1250 }, windows, { distance: km(45_340, null), hours: hoursMeter(1000, today, 10) }, today)
          .forecastDate,
      ).toBe('2025-07-25');
      // And the due date stays the forecast when it comes before: Jul 10 < Jul 25.
      expect(
        scheduleStatus({ date: '2025-07-10', distance: null, hours: 1250 }, windows, { distance: null, hours: hoursMeter(1000, today, 10) }, today)
          .forecastDate,
      ).toBe('2025-07-10');
    });
  });

  describe(meterForecast.name, () => {
    it('projects the last reading to today, then counts the days left at the rate', () => {
      // Read 1,000 h ten days ago at 12 h a day: projected 1,120 today; 130 h more is ceil(10.8) = 11 days.
      expect(meterForecast(1250, hoursMeter(1000, '2025-06-20', 12), today)).toBe('2025-07-11');
    });

    it('is today once the projection passed the due value, and none without a positive rate', () => {
      expect(meterForecast(1050, hoursMeter(1000, '2025-06-20', 12), today)).toBe(today);
      expect(meterForecast(1250, hoursMeter(1000, '2025-06-20', 0), today)).toBeNull();
      // Issue 36: a slow rate put the forecast past what Date holds (RangeError, a 500); beyond 2200 there is none.
      expect(meterForecast(999_999_999, hoursMeter(0, '2025-06-20', 1e-9), today)).toBeNull();
      expect(meterForecast(1250, hoursMeter(1000, '2025-06-20', null), today)).toBeNull();
    });
  });
});
