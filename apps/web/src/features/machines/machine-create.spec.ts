import { hoursError, milesError, validateMachineCreate } from './machine-create';

const NOW = new Date(2026, 10, 24);

describe('validateMachineCreate', () => {
  it('asks for every field with the spec messages', () => {
    expect(validateMachineCreate({ name: ' ', year: '', make: '', model: '' }, NOW)).toEqual({
      name: 'Name is required',
      year: 'Year is required',
      make: 'Make is required',
      model: 'Model is required',
    });
  });

  it('refuses years before 1900', () => {
    expect(validateMachineCreate({ name: 'A', year: '1899', make: 'B', model: 'C' }, NOW)).toEqual({ year: 'Year must be 1900 or later' });
  });

  it('says a year that is not a number must be a number', () => {
    expect(validateMachineCreate({ name: 'A', year: 'abcd', make: 'B', model: 'C' }, NOW)).toEqual({ year: 'Year must be a number, like 2020' });
  });

  it('takes next year as a model year and refuses any later one', () => {
    expect(validateMachineCreate({ name: 'A', year: '2027', make: 'B', model: 'C' }, NOW)).toEqual({});
    expect(validateMachineCreate({ name: 'A', year: '2028', make: 'B', model: 'C' }, NOW)).toEqual({ year: 'Year must be 2027 or earlier' });
  });

  it('refuses texts longer than the server takes, with its messages', () => {
    expect(validateMachineCreate({ name: 'x'.repeat(121), year: '2020', make: 'y'.repeat(61), model: 'C' }, NOW)).toEqual({
      name: 'Name must be at most 120 characters',
      make: 'Make must be at most 60 characters',
    });
  });

  it('accepts a complete machine', () => {
    expect(validateMachineCreate({ name: 'Mower', year: '1900', make: 'Deere', model: 'X350' }, NOW)).toEqual({});
  });
});

describe('milesError and hoursError', () => {
  it('refuse negative values instead of making them 0', () => {
    expect(milesError(-5)).toBe('Miles must be 0 or more');
    expect(hoursError(-0.5)).toBe('Hours must be 0 or more');
  });

  it('take blank and ordinary values', () => {
    expect(milesError('')).toBeUndefined();
    expect(milesError(46000)).toBeUndefined();
    expect(hoursError(12.5)).toBeUndefined();
  });

  it('refuse fractions of miles and a second decimal of hours', () => {
    expect(milesError(1.5)).toBe('Miles must be a whole number');
    expect(hoursError(1.25)).toBe('Hours must be a number with at most 1 decimal');
  });
});
