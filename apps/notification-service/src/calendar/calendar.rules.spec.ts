import type { Schedule } from '@wrenchlog/contracts';
import { calendarItems } from './calendar.rules.js';

const INSTALL = '0b7e4c1a-9f2d-4e55-8a61-3c2f1d9e7b40';
const schedule = (over: Partial<Schedule>): Schedule =>
  ({
    id: 1,
    machineName: 'Tractor',
    title: 'Oil',
    reason: '120 h left',
    nextDueDate: null,
    nextDueDistance: null,
    nextDueHours: null,
    forecastDate: null,
    distanceUnit: 'mi',
    done: false,
    ...over,
  }) as Schedule;

describe('calendarItems', () => {
  it('puts a date-based schedule on its due date with a UID stable per schedule and install', () => {
    expect(calendarItems([schedule({ id: 7, nextDueDate: '2026-05-01', forecastDate: '2026-05-01' })], INSTALL)).toEqual([
      { uid: `schedule-7-${INSTALL}@wrenchlog`, date: '2026-05-01', summary: 'Oil - Tractor', description: 'Due on 2026-05-01' },
    ]);
  });

  it('gives the same schedule of two installs different UIDs (one calendar may subscribe to both)', () => {
    const one = calendarItems([schedule({ id: 7, nextDueDate: '2026-05-01' })], INSTALL)[0].uid;
    const other = calendarItems([schedule({ id: 7, nextDueDate: '2026-05-01' })], 'c5d0e2f7-1a3b-4c6d-9e8f-2b4a6c8d0e1f')[0].uid;
    expect(one).not.toBe(other);
  });

  it('describes what the schedule is due at, not how far away it was when the feed was read', () => {
    const due = schedule({ reason: 'Due in 17 days', nextDueDate: '2026-12-15', nextDueDistance: 12_000, distanceUnit: 'km' });
    expect(calendarItems([due], INSTALL)[0].description).toBe('Due on 2026-12-15 or at 12,000 km');
    const metered = schedule({ reason: '15 h left', nextDueHours: 1_250.5, forecastDate: '2026-12-03' });
    expect(calendarItems([metered], INSTALL)[0].description).toBe("Due at 1,250.5 h (expected on 2026-12-03 at the meters' recent rate)");
  });

  it('puts a meter-based one on its forecast, marked, when the forecast comes first or is all there is', () => {
    expect(calendarItems([schedule({ forecastDate: '2026-04-02' })], INSTALL)[0]).toMatchObject({ date: '2026-04-02', summary: 'Oil - Tractor (forecast)' });
    expect(calendarItems([schedule({ nextDueDate: '2026-06-01', forecastDate: '2026-04-02' })], INSTALL)[0]).toMatchObject({
      date: '2026-04-02',
      summary: 'Oil - Tractor (forecast)',
    });
  });

  it('leaves out a schedule without a date and a completed one-off', () => {
    expect(calendarItems([schedule({}), schedule({ nextDueDate: '2026-05-01', done: true })], INSTALL)).toEqual([]);
  });
});
