import { milesPerGallon } from './fuel.rules.js';

describe(milesPerGallon.name, () => {
  it('divides the miles driven by the gallons and rounds to 1 decimal', () => {
    expect(milesPerGallon(12_345, 12_000, 12.5)).toBe(27.6);
    expect(milesPerGallon(300.5, 0, 10)).toBe(30.1);
  });

  it('answers null when current mileage is not greater than last', () => {
    expect(milesPerGallon(12_000, 12_000, 10)).toBeNull();
    expect(milesPerGallon(11_999, 12_000, 10)).toBeNull();
  });

  it('answers null when any value is missing', () => {
    expect(milesPerGallon(null, 12_000, 10)).toBeNull();
    expect(milesPerGallon(12_300, null, 10)).toBeNull();
    expect(milesPerGallon(12_300, 12_000, null)).toBeNull();
    expect(milesPerGallon(undefined, undefined, undefined)).toBeNull();
  });

  it('counts a last mileage of 0 as present', () => {
    expect(milesPerGallon(250, 0, 10)).toBe(25);
  });
});
