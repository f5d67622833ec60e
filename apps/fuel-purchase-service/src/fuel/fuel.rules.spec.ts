import { OPERATOR_EDIT_WINDOW_MS } from '@wrenchlog/contracts';
import { mayChangeFuelRecord, milesPerGallon } from './fuel.rules.js';

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

describe(mayChangeFuelRecord.name, () => {
  const added = new Date('2026-11-01T08:00:00.000Z');
  const after = (ms: number) => new Date(added.getTime() + ms);

  it('lets an operator change their record up to the end of the edit window, not after', () => {
    expect(mayChangeFuelRecord('operator', added, after(OPERATOR_EDIT_WINDOW_MS))).toBe(true);
    expect(mayChangeFuelRecord('operator', added, after(OPERATOR_EDIT_WINDOW_MS + 1))).toBe(false);
  });

  it('puts no window on the roles that may change every fuel record', () => {
    for (const role of ['owner', 'manager'] as const) {
      expect(mayChangeFuelRecord(role, added, after(365 * OPERATOR_EDIT_WINDOW_MS))).toBe(true);
    }
  });
});
