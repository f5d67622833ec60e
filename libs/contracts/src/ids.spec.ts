import { isValidId, MAX_ID, parseId } from './ids.js';

describe(parseId.name, () => {
  it('reads a plain decimal id given as text or as a number', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(MAX_ID);
    expect(parseId(42)).toBe(42);
  });

  it.each([' 1', '1 ', '0x1F', '1e3', '+1', '-1', '01', '1.0', '0', '2147483648', '99999999999', '', 'abc', '１'])('refuses the text %j', (text) => {
    expect(parseId(text)).toBeUndefined();
  });

  it.each([0, -1, 2.5, MAX_ID + 1, 1e308, Number.NaN, Number.POSITIVE_INFINITY, null, undefined, true, {}, [1]])('refuses the value %p', (value) => {
    expect(parseId(value)).toBeUndefined();
  });
});

describe(isValidId.name, () => {
  it('accepts only numbers from 1 to 2^31 - 1, never text', () => {
    expect(isValidId(1)).toBe(true);
    expect(isValidId(MAX_ID)).toBe(true);
    expect(isValidId(0)).toBe(false);
    expect(isValidId(2.5)).toBe(false);
    expect(isValidId('3')).toBe(false);
    expect(isValidId(MAX_ID + 1)).toBe(false);
  });
});
