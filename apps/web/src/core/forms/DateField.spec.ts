import { parseDay, parseDayTime } from './DateField';

describe('the date inputs’ reading of what is typed (issue 38)', () => {
  it.each([
    ['MM/DD/YYYY', '04/02/2020'],
    ['DD/MM/YYYY', '02/04/2020'],
    ['YYYY-MM-DD', '2020-04-02'],
    ['DD.MM.YYYY', '02.04.2020'],
  ])('reads a day typed in %s, and always YYYY-MM-DD', (format, typed) => {
    expect(parseDay(typed, format)).toBe('2020-04-02');
    expect(parseDay('2020-04-02', format)).toBe('2020-04-02');
    expect(parseDayTime(`${typed} 7:05`, format)).toBe('2020-04-02T07:05');
    expect(parseDayTime('2020-04-02T07:05', format)).toBe('2020-04-02T07:05');
  });

  it('refuses a day that does not exist, a partial one and a bad time', () => {
    expect(parseDay('31.02.2024', 'DD.MM.YYYY')).toBeNull();
    expect(parseDay('2024-1', 'YYYY-MM-DD')).toBeNull();
    expect(parseDay('', 'YYYY-MM-DD')).toBeNull();
    expect(parseDayTime('2024-01-01 24:00', 'YYYY-MM-DD')).toBeNull();
    expect(parseDayTime('2024-01-01', 'YYYY-MM-DD')).toBeNull();
  });
});
