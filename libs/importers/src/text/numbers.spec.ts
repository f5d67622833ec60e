import { describe, expect, it } from '@jest/globals';
import { detectDecimalSeparator, parseBoolean, parseNumber, round } from './numbers.js';

describe('parseNumber', () => {
  it('reads a decimal point, thousands commas and a currency symbol', () => {
    expect(parseNumber('$1,234.56', '.')).toEqual({ ok: true, value: 1234.56 });
    expect(parseNumber(' 43.74 ', '.')).toEqual({ ok: true, value: 43.74 });
    expect(parseNumber('USD 12', '.')).toEqual({ ok: true, value: 12 });
  });

  it('reads a decimal comma with thousands points, euro and real signs', () => {
    expect(parseNumber('30,50', ',')).toEqual({ ok: true, value: 30.5 });
    expect(parseNumber('9.135', ',')).toEqual({ ok: true, value: 9135 });
    expect(parseNumber('1.234,56 €', ',')).toEqual({ ok: true, value: 1234.56 });
    expect(parseNumber('R$ 176,70', ',')).toEqual({ ok: true, value: 176.7 });
    expect(parseNumber('1\u00a0234,5', ',')).toEqual({ ok: true, value: 1234.5 });
  });

  it('reads negatives, also in accounting parentheses', () => {
    expect(parseNumber('-5.5', '.')).toEqual({ ok: true, value: -5.5 });
    expect(parseNumber('(12.50)', '.')).toEqual({ ok: true, value: -12.5 });
  });

  it('answers undefined for a blank cell', () => {
    expect(parseNumber('  ', '.')).toBeUndefined();
  });

  it('refuses formulas, exponents and text with the cell in the message', () => {
    expect(parseNumber('=1+2', '.')).toEqual({ ok: false, message: "'=1+2' is not a number" });
    expect(parseNumber('1e3', '.')).toEqual({ ok: false, message: "'1e3' is not a number" });
    expect(parseNumber('12 gal', '.')).toEqual({ ok: false, message: "'12 gal' is not a number" });
    expect(parseNumber('1,5', '.')).toEqual({ ok: false, message: "'1,5' is not a number" });
  });
});

describe('detectDecimalSeparator', () => {
  it('finds the decimal comma of 9.135;30,50', () => {
    expect(detectDecimalSeparator(['20.03.2024', '9.135', '30,50', '55,80 €'], ';')).toBe(',');
  });

  it('finds the decimal point of a US file', () => {
    expect(detectDecimalSeparator(['12.5', '3.459', '1,234.56'], ',')).toBe('.');
  });

  it('leans to the point in a comma-delimited file without evidence, to the comma in a semicolon file with only comma groups', () => {
    expect(detectDecimalSeparator(['12', '300'], ',')).toBe('.');
    expect(detectDecimalSeparator(['1,234'], ';')).toBe(',');
    expect(detectDecimalSeparator(['12'], ';')).toBe('.');
  });
});

describe('parseBoolean', () => {
  it('reads the yes/no words of the exporters and their translations', () => {
    expect(['1', 'True', 'yes', 'Sim', 'x'].map(parseBoolean)).toEqual([true, true, true, true, true]);
    expect(['0', 'False', 'no', 'Não', 'nein'].map(parseBoolean)).toEqual([false, false, false, false, false]);
    expect(parseBoolean('maybe')).toBeUndefined();
  });

  it("reads Drivvo's yes and no in its users' languages", () => {
    expect(['Да', 'Sì', 'Sí', 'Si', 'Ja', 'Oui', 'Tak'].map(parseBoolean)).toEqual(Array(7).fill(true));
    expect(['Нет', 'No', 'Nein', 'Non', 'Nie', 'Não'].map(parseBoolean)).toEqual(Array(6).fill(false));
  });
});

describe('round', () => {
  it('rounds half away from zero without binary noise', () => {
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(49.5145, 2)).toBe(49.51);
    expect(round(-2.5, 0)).toBe(-3);
  });
});
