import { checkNumber, idFromParam, modeFromQuery, parseNumber } from './form-rules';

describe('form rules', () => {
  it('reads the mode query, falling back for a missing or unknown one', () => {
    expect(modeFromQuery('fast', 'full')).toBe('fast');
    expect(modeFromQuery('fastView', 'full')).toBe('fastView');
    expect(modeFromQuery(null, 'full')).toBe('full');
    expect(modeFromQuery('edit', 'fast')).toBe('fast');
  });

  it('accepts only positive whole ids', () => {
    expect(idFromParam('12')).toBe(12);
    expect(idFromParam('0')).toBeUndefined();
    expect(idFromParam('-3')).toBeUndefined();
    expect(idFromParam('4.5')).toBeUndefined();
    expect(idFromParam('abc')).toBeUndefined();
    expect(idFromParam(undefined)).toBeUndefined();
  });

  it('parses typed numbers; empty and garbage are null', () => {
    expect(parseNumber(' 12.5 ')).toBe(12.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('1e999')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
  });

  it('reports the first broken rule of a typed number', () => {
    const rule = { required: 'This field is required', min: 0.1, max: 100, places: 3 };
    expect(checkNumber('', rule)).toBe('This field is required');
    expect(checkNumber('', { ...rule, required: undefined })).toBeUndefined();
    expect(checkNumber('x', rule)).toBe('Value must be a number');
    expect(checkNumber('0.09', rule)).toBe('Value must be at least 0.1');
    expect(checkNumber('101', rule)).toBe('Value must be at most 100');
    expect(checkNumber('1.2345', rule)).toBe('Value must have at most 3 decimal places');
    expect(checkNumber('1.2340', rule)).toBeUndefined();
    expect(checkNumber('0.1', rule)).toBeUndefined();
    expect(checkNumber('2.5', { ...rule, integer: 'Whole numbers only' })).toBe('Whole numbers only');
    expect(checkNumber('0', { ...rule, min: 1, minMessage: 'At least one' })).toBe('At least one');
  });
});
