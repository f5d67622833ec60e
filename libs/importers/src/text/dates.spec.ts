import { describe, expect, it } from '@jest/globals';
import { detectDateFormat, parseDate, toInstant } from './dates.js';

describe('detectDateFormat', () => {
  it('decides day first from any first part above 12, over all rows', () => {
    expect(detectDateFormat(['01/02/2024', '05/03/2024', '20/03/2024'], 'MM/DD/YYYY')).toEqual({ dateFormat: 'DD/MM/YYYY', ambiguous: false, mixed: false });
  });

  it('decides month first from any second part above 12', () => {
    expect(detectDateFormat(['01/02/2024 8:15', '01/19/2024 17:42'], 'DD/MM/YYYY')).toEqual({ dateFormat: 'MM/DD/YYYY', ambiguous: false, mixed: false });
  });

  it('takes the source default and says so when no date tells', () => {
    expect(detectDateFormat(['01/02/2024', '03/04/2024'], 'DD/MM/YYYY')).toEqual({ dateFormat: 'DD/MM/YYYY', ambiguous: true, mixed: false });
  });

  it('reads ISO dates as ISO and reports mixed orders', () => {
    expect(detectDateFormat(['2024-03-20 08:15:00', '2024-04-04'], 'MM/DD/YYYY').dateFormat).toBe('YYYY-MM-DD');
    expect(detectDateFormat(['31/01/2024', '01/31/2024', '02/30/2024'], 'MM/DD/YYYY')).toEqual({ dateFormat: 'MM/DD/YYYY', ambiguous: false, mixed: true });
  });
});

describe('parseDate', () => {
  it('reads each format with its times', () => {
    expect(parseDate('01/19/2024 5:42 PM', 'MM/DD/YYYY')).toEqual({ ok: true, value: { date: '2024-01-19', time: '17:42:00' } });
    expect(parseDate('20.03.2024', 'DD/MM/YYYY')).toEqual({ ok: true, value: { date: '2024-03-20' } });
    expect(parseDate('2024-03-20 08:15:00', 'DD/MM/YYYY')).toEqual({ ok: true, value: { date: '2024-03-20', time: '08:15:00' } });
    expect(parseDate('2024-03-20T08:15:00+02:00', 'MM/DD/YYYY')).toEqual({ ok: true, value: { date: '2024-03-20', time: '08:15:00', offsetMinutes: 120 } });
    expect(parseDate('5/1/24', 'DD/MM/YYYY')).toEqual({ ok: true, value: { date: '2024-01-05' } });
  });

  it('says a date that does not exist does not exist', () => {
    expect(parseDate('31/02/2024', 'DD/MM/YYYY')).toEqual({ ok: false, message: "date '31/02/2024' does not exist" });
    expect(parseDate('02/30/2023', 'MM/DD/YYYY')).toEqual({ ok: false, message: "date '02/30/2023' does not exist" });
    expect(parseDate('2024-13-01', 'YYYY-MM-DD')).toEqual({ ok: false, message: "date '2024-13-01' does not exist" });
  });

  it('refuses text and impossible times', () => {
    expect(parseDate('yesterday', 'MM/DD/YYYY')).toEqual({ ok: false, message: "'yesterday' is not a date (expected MM/DD/YYYY or YYYY-MM-DD)" });
    expect(parseDate('01/02/2024 25:00', 'MM/DD/YYYY')).toEqual({ ok: false, message: "'01/02/2024 25:00' has a time that does not exist" });
  });
});

describe('toInstant', () => {
  it("takes a time without zone as the user's local time", () => {
    expect(toInstant({ date: '2024-01-19', time: '17:42:00' }, -300)).toBe('2024-01-19T22:42:00.000Z');
  });

  it('keeps a date without time on its day at noon local', () => {
    expect(toInstant({ date: '2024-01-19' }, 600)).toBe('2024-01-19T02:00:00.000Z');
    expect(toInstant({ date: '2024-01-19' })).toBe('2024-01-19T12:00:00.000Z');
  });

  it("uses the cell's own zone when it has one", () => {
    expect(toInstant({ date: '2024-03-20', time: '08:15:00', offsetMinutes: 120 }, -300)).toBe('2024-03-20T06:15:00.000Z');
  });
});
