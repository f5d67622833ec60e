import {
  computeEconomy,
  computeMpg,
  computeTotal,
  emptyFuelValues,
  fuelFormState,
  fuelValues,
  shownFuelValues,
  toCanonicalValues,
  toFuelInput,
  totalWasTyped,
  validateFuel,
  type FuelFormValues,
} from './fuel-logic';
import { aFuelRecord } from './fuel-record.fixture';

const record = aFuelRecord();

const valid = (v: Partial<FuelFormValues> = {}): FuelFormValues => ({
  ...emptyFuelValues(3, new Date(2026, 10, 21, 9, 15)),
  amount: '10',
  pricePerUnit: '3.5',
  totalPrice: '35.00',
  ...v,
});
const ALL = { machine: true, date: true, full: true };

describe('fuel record calculations', () => {
  it('multiplies amount by price per unit to 2 decimals, rounding half up exactly', () => {
    expect(computeTotal('12.5', '3.459')).toBe('43.24');
    expect(computeTotal('10', '3.5')).toBe('35.00');
    expect(computeTotal('0.1', '0.01')).toBe('0.00');
    expect(computeTotal('3.333', '2.999')).toBe('10.00');
    expect(computeTotal('1.005', '1')).toBe('1.01');
  });

  it('has no total until both numbers are there', () => {
    expect(computeTotal('', '3.5')).toBeNull();
    expect(computeTotal('10', '')).toBeNull();
    expect(computeTotal('abc', '3')).toBeNull();
  });

  it('computes MPG to 1 decimal only when current mileage is above the last and all values are present', () => {
    expect(computeMpg('10250', '10000', '12.5')).toBe(20);
    expect(computeMpg('10333', '10000', '12')).toBe(27.8);
    expect(computeMpg('10000', '10000', '12')).toBeNull();
    expect(computeMpg('9000', '10000', '12')).toBeNull();
    expect(computeMpg('', '10000', '12')).toBeNull();
    expect(computeMpg('10250', '', '12')).toBeNull();
    expect(computeMpg('10250', '10000', '')).toBeNull();
    expect(computeMpg('10250', '10000', '0')).toBeNull();
  });

  it('treats a stored total that differs from amount x price as typed by hand', () => {
    expect(totalWasTyped(record)).toBe(false);
    expect(totalWasTyped({ ...record, totalPrice: 40 })).toBe(true);
  });
});

describe('shownFuelValues', () => {
  const now = new Date(2026, 10, 21, 9, 15);

  it('shows the calculated total and the prefilled last mileage until they are typed by hand', () => {
    const state = { ...fuelFormState(null, 3, now), amount: '12.5', pricePerUnit: '3.459', totalPrice: '', lastMileage: '' };
    expect(shownFuelValues(state, 10000)).toMatchObject({ totalPrice: '43.24', lastMileage: '10000', amount: '12.5' });
    expect(shownFuelValues({ ...state, totalTyped: true, totalPrice: '40', lastMileageTyped: true, lastMileage: '9' }, 10000)).toMatchObject({
      totalPrice: '40',
      lastMileage: '9',
    });
  });

  it('keeps what was typed in last mileage when the machine has no record, and has no total until both numbers are there', () => {
    const state = { ...fuelFormState(null, 3, now), amount: '12.5', lastMileage: '7' };
    expect(shownFuelValues(state, null)).toMatchObject({ totalPrice: '', lastMileage: '7' });
    expect(shownFuelValues(state, undefined)).not.toHaveProperty('totalTyped');
  });

  it("starts a stored record from its own values: a typed total stays, last mileage is the record's", () => {
    const typed = fuelFormState({ ...record, totalPrice: 40 }, undefined, now);
    expect(typed).toMatchObject({ totalTyped: true, lastMileageTyped: true });
    expect(shownFuelValues(typed, 55).totalPrice).toBe('40.00');
    expect(shownFuelValues(typed, 55).lastMileage).toBe(String(record.lastMileage));
    expect(fuelFormState(null, 4, now)).toMatchObject({ machineId: '4', totalTyped: false, lastMileageTyped: false });
  });
});

describe('validateFuel', () => {
  it("uses the spec's messages for missing values", () => {
    const empty = { ...emptyFuelValues(undefined, new Date()), dateOfPurchase: '' };
    expect(validateFuel(empty, ALL)).toEqual({
      machineId: 'Machine is required',
      dateOfPurchase: 'This field is required',
      amount: 'This field is required',
      pricePerUnit: 'This field is required',
      totalPrice: 'Total Price is required',
    });
  });

  it("uses 'Value must be at least {min}' at the minimums", () => {
    expect(validateFuel(valid({ amount: '0.09', pricePerUnit: '0', totalPrice: '0' }), ALL)).toEqual({
      amount: 'Value must be at least 0.1',
      pricePerUnit: 'Value must be at least 0.01',
      totalPrice: 'Value must be at least 0.01',
    });
    expect(validateFuel(valid({ amount: '0.1', pricePerUnit: '0.01', totalPrice: '0.01' }), ALL)).toEqual({});
  });

  it('checks only the fields the mode shows', () => {
    const v = valid({ machineId: '', dateOfPurchase: '', currentMileage: '-1' });
    expect(validateFuel(v, { machine: false, date: false, full: false })).toEqual({});
    expect(validateFuel(v, ALL)).toEqual({
      machineId: 'Machine is required',
      dateOfPurchase: 'This field is required',
      currentMileage: 'Value must be at least 0',
    });
  });
});

describe('toFuelInput', () => {
  const now = new Date('2026-11-21T10:00:00.000Z');

  it('sends a new fast-mode record as bought now, with empty store fields and null hours and mileage', () => {
    const v = valid({ notes: ' full tank ', storeName: 'ignored', currentMileage: '5', dateOfPurchase: '2020-01-01T00:00' });
    expect(toFuelInput(v, { fastNew: true, now })).toEqual({
      machineId: 3,
      amount: 10,
      pricePerUnit: 3.5,
      totalPrice: 35,
      notes: 'full tank',
      dateOfPurchase: '2026-11-21T10:00:00.000Z',
      storeName: '',
      storeCity: '',
      storeState: '',
      currentHours: null,
      currentMileage: null,
      lastMileage: null,
      fullTank: true,
      missedPrevious: false,
    });
  });

  it('sends every field of the full form, the local date and time as an instant', () => {
    const v = fuelValues(record);
    const body = toFuelInput(v, { fastNew: false, now });
    expect(body).toEqual({
      machineId: 3,
      amount: 12.5,
      pricePerUnit: 3.459,
      totalPrice: 43.24,
      notes: 'Diesel',
      // The form keeps minutes, as the datetime input shows them.
      dateOfPurchase: '2026-11-20T14:30:00.000Z',
      storeName: 'Shell',
      storeCity: 'Boise',
      storeState: 'ID',
      currentHours: null,
      currentMileage: 10250,
      lastMileage: 10000,
      fullTank: true,
      missedPrevious: false,
    });
  });

  it('sends the fill-up switches as set', () => {
    expect(toFuelInput(valid({ fullTank: false, missedPrevious: true }), { fastNew: true, now })).toMatchObject({ fullTank: false, missedPrevious: true });
  });
});

describe('fill-up switches (issue 22)', () => {
  it('reads a record from before the switches as a full tank after a fill-up not missed', () => {
    const { fullTank: _f, missedPrevious: _m, ...before } = record;
    expect(fuelValues(before as typeof record)).toMatchObject({ fullTank: true, missedPrevious: false });
    expect(fuelValues({ ...record, fullTank: false, missedPrevious: true } as typeof record)).toMatchObject({ fullTank: false, missedPrevious: true });
  });

  it('gives a partial fill and a fill after a missed one no MPG of their own (full to full)', () => {
    expect(computeMpg('10250', '10000', '12.5')).toBe(20);
    expect(computeMpg('10250', '10000', '12.5', { fullTank: false, missedPrevious: false })).toBeNull();
    expect(computeMpg('10250', '10000', '12.5', { fullTank: true, missedPrevious: true })).toBeNull();
  });
});

describe('the fuel form in the member units (issue 34)', () => {
  const metric = { distanceUnit: 'km', volumeUnit: 'l', economyUnit: 'l_per_100km' } as const;

  it('shows a stored record in litres, per litre and km', () => {
    const shown = fuelValues(aFuelRecord({ amount: 11.985, pricePerUnit: 7.188, currentMileage: 9999.8, lastMileage: 9700 }), metric);
    expect(shown).toMatchObject({ amount: '45.37', pricePerUnit: '1.899', currentMileage: '16093', lastMileage: '15611' });
  });

  it('sends what was typed in litres and km as gallons, dollars per gallon and miles', () => {
    const canonical = toCanonicalValues(valid({ amount: '45.37', pricePerUnit: '1.899', currentMileage: '16093', lastMileage: '' }), metric);
    expect(canonical).toMatchObject({ amount: '11.985', pricePerUnit: '7.188', currentMileage: '9999.7', lastMileage: '' });
  });

  it('keeps the stored values of the boxes left as they were shown, so an unchanged save moves nothing', () => {
    const stored = aFuelRecord({ amount: 12.5, pricePerUnit: 3.459, currentMileage: 10250, lastMileage: 10000 });
    const shown = fuelValues(stored, metric);
    expect(shown.amount).toBe('47.32');
    expect(toCanonicalValues(shown, metric, stored)).toMatchObject({ amount: '12.5', pricePerUnit: '3.459', currentMileage: '10250', lastMileage: '10000' });
    // A changed box is converted.
    expect(toCanonicalValues({ ...shown, amount: '50' }, metric, stored).amount).toBe('13.209');
  });

  it('checks the limits in the member units', () => {
    expect(validateFuel(valid({ amount: '0.2' }), { machine: true, date: true, full: true }, metric).amount).toBe('Value must be at least 0.38');
    expect(validateFuel(valid({ amount: '45.375' }), { machine: true, date: true, full: true }, metric).amount).toMatch(/2 decimal/);
    expect(validateFuel(valid({ currentMileage: '100.5' }), { machine: true, date: true, full: true }, metric).currentMileage).toBeDefined();
  });

  it('gives the economy in L/100 km from the typed litres and km', () => {
    expect(computeEconomy(valid({ amount: '40', currentMileage: '10500', lastMileage: '10000' }), metric)).toBe(8);
  });
});
