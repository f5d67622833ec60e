import type { Schedule } from '@wrenchlog/contracts';
import { calendarItems } from './calendar.rules.js';

const schedule = (over: Partial<Schedule>): Schedule =>
  ({ id: 1, machineName: 'Tractor', title: 'Oil', reason: '120 h left', nextDueDate: null, forecastDate: null, done: false, ...over }) as Schedule;

describe('calendarItems', () => {
  it('puts a date-based schedule on its due date with a stable UID', () => {
    expect(calendarItems([schedule({ id: 7, nextDueDate: '2026-05-01', forecastDate: '2026-05-01' })])).toEqual([
      { uid: 'schedule-7@wrenchlog', date: '2026-05-01', summary: 'Oil - Tractor', description: '120 h left' },
    ]);
  });

  it('puts a meter-based one on its forecast, marked, when the forecast comes first or is all there is', () => {
    expect(calendarItems([schedule({ forecastDate: '2026-04-02' })])[0]).toMatchObject({ date: '2026-04-02', summary: 'Oil - Tractor (forecast)' });
    expect(calendarItems([schedule({ nextDueDate: '2026-06-01', forecastDate: '2026-04-02' })])[0]).toMatchObject({
      date: '2026-04-02',
      summary: 'Oil - Tractor (forecast)',
    });
  });

  it('leaves out a schedule without a date and a completed one-off', () => {
    expect(calendarItems([schedule({}), schedule({ nextDueDate: '2026-05-01', done: true })])).toEqual([]);
  });
});
