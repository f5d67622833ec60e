// Pure rules of the fuel record form (spec doc 2 sections 4, 5 and 9): calculations, validation and
// the payload. No React, no network.
import type { FuelRecord, FuelRecordInput } from '@wrenchlog/contracts';
import {
  distanceForInput,
  economyFromMpg,
  FIELD_REQUIRED,
  FUEL_LIMITS,
  FUEL_MESSAGES,
  gallonsFrom,
  INPUT_PLACES,
  milesFrom,
  perGallonFrom,
  pricePerVolumeForInput,
  roundTo,
  volumeForInput,
  type DistanceUnit,
  type FuelEconomyUnit,
  type VolumeUnit,
} from '@wrenchlog/contracts/limits';
import dayjs from 'dayjs';
import { checkNumber, numberText, parseNumber } from '../../core/forms/form-rules';
import { fuelFlags, type FuelFlags } from './fuel-flags';
import { i18n } from '../../core/i18n/i18n';
import './i18n';

/**
 * The body of POST and PUT: an update by a member who may not see money (an operator, issue 32)
 * leaves the prices out, and the stored ones stay.
 */
export type FuelRecordBody = Omit<FuelRecordInput, 'pricePerUnit' | 'totalPrice'> & Partial<Pick<FuelRecordInput, 'pricePerUnit' | 'totalPrice'>>;

/**
 * The member's units (issue 34): the form shows and takes amount, price per unit and mileages in
 * them, and sends the canonical US gallons, dollars per gallon and miles.
 */
export interface FuelUnits {
  distanceUnit: DistanceUnit;
  volumeUnit: VolumeUnit;
  economyUnit: FuelEconomyUnit;
}
export const US_UNITS: FuelUnits = { distanceUnit: 'mi', volumeUnit: 'gal_us', economyUnit: 'mpg_us' };

/** The form's number limits in the member's units: the stored bounds converted, the places that round-trip. */
export function fuelLimitsIn(units: FuelUnits) {
  const { volumeUnit: v, distanceUnit: d } = units;
  const bound = (value: number, places: number, convert: (x: number) => number) => roundTo(convert(value), places);
  const volumePlaces = INPUT_PLACES.volume[v];
  const pricePlaces = INPUT_PLACES.pricePerVolume[v];
  const distancePlaces = INPUT_PLACES.distance[d];
  return {
    amount: {
      places: volumePlaces,
      min: bound(FUEL_LIMITS.amount.min, volumePlaces, (x) => volumeForInput(x, v)),
      max: bound(FUEL_LIMITS.amount.max, volumePlaces, (x) => volumeForInput(x, v)),
    },
    pricePerUnit: {
      places: pricePlaces,
      min: Math.max(
        10 ** -pricePlaces,
        bound(FUEL_LIMITS.pricePerUnit.min, pricePlaces, (x) => pricePerVolumeForInput(x, v)),
      ),
      max: bound(FUEL_LIMITS.pricePerUnit.max, pricePlaces, (x) => pricePerVolumeForInput(x, v)),
    },
    totalPrice: FUEL_LIMITS.totalPrice,
    hours: FUEL_LIMITS.hours,
    mileage: { places: distancePlaces, min: 0, max: bound(FUEL_LIMITS.mileage.max, 0, (x) => distanceForInput(x, d)) },
  };
}

/** Everything as typed, so nothing is lost on bad input. */
export interface FuelFormValues {
  machineId: string;
  /** `YYYY-MM-DDTHH:mm` in local time (a datetime-local input). */
  dateOfPurchase: string;
  amount: string;
  pricePerUnit: string;
  totalPrice: string;
  notes: string;
  storeName: string;
  storeCity: string;
  storeState: string;
  currentHours: string;
  currentMileage: string;
  lastMileage: string;
  /** "Filled the tank" (issue 22): a partial fill is counted into the next full fill's economy. */
  fullTank: boolean;
  /** "Missed the previous fill-up": no economy is measured across it. */
  missedPrevious: boolean;
}

/** The typed (text) fields: the ones with a box, a touched state and a message. */
export type FuelField = { [K in keyof FuelFormValues]: FuelFormValues[K] extends string ? K : never }[keyof FuelFormValues];
export type FuelErrors = Partial<Record<FuelField, string>>;

/**
 * total = amount x price per unit, rounded half up to cents; null until both are numbers. Computed
 * in integers (thousandths x thousandths) so 12.5 x 3.459 = 43.2375 gives 43.24, not 43.23.
 */
export function computeTotal(amount: string, pricePerUnit: string): string | null {
  const a = parseNumber(amount);
  const p = parseNumber(pricePerUnit);
  if (a === null || p === null || a < 0 || p < 0) {
    return null;
  }
  const cents = Math.round((Math.round(a * 1000) * Math.round(p * 1000)) / 10_000);
  return (cents / 100).toFixed(2);
}

/**
 * (current - last) / amount to 1 decimal, only when current > last and all are present; and, by the
 * full-to-full rule of issue 22, only for a full tank that did not follow a missed fill-up (a
 * partial fill has no economy of its own).
 */
export function computeMpg(
  currentMileage: string,
  lastMileage: string,
  amount: string,
  flags: FuelFlags = { fullTank: true, missedPrevious: false },
): number | null {
  if (!flags.fullTank || flags.missedPrevious) {
    return null;
  }
  const current = parseNumber(currentMileage);
  const last = parseNumber(lastMileage);
  const a = parseNumber(amount);
  if (current === null || last === null || a === null || !(current > last) || !(a > 0)) {
    return null;
  }
  return Math.round(((current - last) / a) * 10) / 10;
}

/** Which fields the form shows in a mode, so only those are checked. */
export interface FuelFieldsShown {
  machine: boolean;
  date: boolean;
  full: boolean;
  /** False for a stored record shown to a member who may not see money: no prices to check or send. */
  money?: boolean;
}

/** The spec's messages: required fields first, then 'Value must be at least {min}'. */
export function validateFuel(v: FuelFormValues, shown: FuelFieldsShown, units: FuelUnits = US_UNITS): FuelErrors {
  const limits = fuelLimitsIn(units);
  const errors: FuelErrors = {};
  const set = (field: FuelField, message: string | undefined) => {
    if (message) {
      errors[field] = message;
    }
  };
  if (shown.machine && !(Number(v.machineId) > 0)) {
    errors.machineId = FUEL_MESSAGES.machineRequired;
  }
  if (shown.date) {
    if (!v.dateOfPurchase.trim()) {
      errors.dateOfPurchase = FIELD_REQUIRED;
    } else if (!dayjs(v.dateOfPurchase).isValid()) {
      errors.dateOfPurchase = i18n.t('dateRequired', { ns: 'fuelRecord' });
    }
  }
  set('amount', checkNumber(v.amount, { required: FIELD_REQUIRED, ...limits.amount }));
  if (shown.money !== false) {
    set('pricePerUnit', checkNumber(v.pricePerUnit, { required: FIELD_REQUIRED, ...limits.pricePerUnit }));
    set('totalPrice', checkNumber(v.totalPrice, { required: FUEL_MESSAGES.totalPriceRequired, ...limits.totalPrice }));
  }
  if (shown.full) {
    set('currentHours', checkNumber(v.currentHours, limits.hours));
    set('currentMileage', checkNumber(v.currentMileage, limits.mileage));
    set('lastMileage', checkNumber(v.lastMileage, limits.mileage));
  }
  return errors;
}

/**
 * The fuel form's state: the fields as typed, and whether Total Price and Last Mileage were typed by
 * hand. Until they are, the form shows, checks and sends a calculated total and a prefilled last
 * mileage (`shownFuelValues`).
 */
export interface FuelFormState extends FuelFormValues {
  totalTyped: boolean;
  lastMileageTyped: boolean;
}

/** A new record's state (now, the given machine), or a stored record's (its own total and last mileage). */
export function fuelFormState(record: FuelRecord | null, machineId: number | undefined, now: Date, units: FuelUnits = US_UNITS): FuelFormState {
  return record
    ? { ...fuelValues(record, units), totalTyped: totalWasTyped(record), lastMileageTyped: true }
    : { ...emptyFuelValues(machineId, now), totalTyped: false, lastMileageTyped: false };
}

/**
 * The values the form shows, checks and sends: total = amount x price per unit unless typed by hand;
 * last mileage from the machine's newest record (`prefill`) unless typed by hand or there is none.
 */
export function shownFuelValues(state: FuelFormState, prefill: number | null | undefined): FuelFormValues {
  const { totalTyped, lastMileageTyped, ...values } = state;
  return {
    ...values,
    totalPrice: totalTyped ? values.totalPrice : (computeTotal(values.amount, values.pricePerUnit) ?? ''),
    lastMileage: lastMileageTyped || prefill === undefined || prefill === null ? values.lastMileage : String(prefill),
  };
}

/** The datetime-local value of an instant, in local time. */
export function toDateTimeInput(value: string | null | undefined, fallback = ''): string {
  const d = value ? dayjs(value) : null;
  return d?.isValid() ? d.format('YYYY-MM-DDTHH:mm') : fallback;
}

export function emptyFuelValues(machineId: number | undefined, now: Date): FuelFormValues {
  return {
    machineId: machineId ? String(machineId) : '',
    dateOfPurchase: toDateTimeInput(now.toISOString()),
    amount: '',
    pricePerUnit: '',
    totalPrice: '',
    notes: '',
    storeName: '',
    storeCity: '',
    storeState: '',
    currentHours: '',
    currentMileage: '',
    lastMileage: '',
    fullTank: true,
    missedPrevious: false,
  };
}

/** A stored distance (miles) as the member types it ('' for none). */
export function distanceText(miles: number | null | undefined, units: FuelUnits = US_UNITS): string {
  return miles === null || miles === undefined ? '' : numberText(distanceForInput(Number(miles), units.distanceUnit));
}

export function fuelValues(r: FuelRecord, units: FuelUnits = US_UNITS): FuelFormValues {
  return {
    machineId: String(r.machineId),
    dateOfPurchase: toDateTimeInput(r.dateOfPurchase),
    amount: numberText(volumeForInput(Number(r.amount), units.volumeUnit)),
    pricePerUnit: numberText(pricePerVolumeForInput(Number(r.pricePerUnit), units.volumeUnit)),
    totalPrice: Number(r.totalPrice).toFixed(2),
    notes: r.notes ?? '',
    storeName: r.storeName ?? '',
    storeCity: r.storeCity ?? '',
    storeState: r.storeState ?? '',
    currentHours: numberText(r.currentHours),
    currentMileage: distanceText(r.currentMileage, units),
    lastMileage: distanceText(r.lastMileage, units),
    ...fuelFlags(r),
  };
}

/** A stored total that differs from amount x price was typed by hand: keep it. */
export function totalWasTyped(r: FuelRecord): boolean {
  return computeTotal(String(r.amount), String(r.pricePerUnit)) !== Number(r.totalPrice).toFixed(2);
}

/**
 * The MPG (US) of the shown values, in the member's economy unit to 1 decimal: converted back to
 * miles and gallons first, so the figure is the one the server computes.
 */
export function computeEconomy(v: FuelFormValues, units: FuelUnits = US_UNITS): number | null {
  const miles = (s: string) => (parseNumber(s) === null ? '' : String(milesFrom(parseNumber(s)!, units.distanceUnit)));
  const gallons = parseNumber(v.amount) === null ? '' : String(gallonsFrom(parseNumber(v.amount)!, units.volumeUnit));
  const mpg = computeMpg(miles(v.currentMileage), miles(v.lastMileage), gallons, v);
  const value = mpg === null ? null : economyFromMpg(mpg, units.economyUnit);
  return value === null ? null : roundTo(value, 1);
}

/**
 * Shown values back to the canonical units. A value the member left as it was shown keeps the
 * stored one exactly (`original`), so opening and saving a record never moves it by a rounding.
 */
export function toCanonicalValues(v: FuelFormValues, units: FuelUnits, original?: FuelRecord | null): FuelFormValues {
  if (units.distanceUnit === 'mi' && units.volumeUnit === 'gal_us') {
    return v;
  }
  const shown = original ? fuelValues(original, units) : null;
  const convert = (field: 'amount' | 'pricePerUnit' | 'currentMileage' | 'lastMileage', to: (n: number) => number, stored: number | null | undefined) => {
    if (shown && shown[field] === v[field] && stored !== undefined) {
      return numberText(stored);
    }
    const n = parseNumber(v[field]);
    return n === null ? v[field] : String(to(n));
  };
  return {
    ...v,
    amount: convert('amount', (n) => gallonsFrom(n, units.volumeUnit), original?.amount),
    pricePerUnit: convert('pricePerUnit', (n) => perGallonFrom(n, units.volumeUnit), original?.pricePerUnit),
    currentMileage: convert('currentMileage', (n) => milesFrom(n, units.distanceUnit), original?.currentMileage),
    lastMileage: convert('lastMileage', (n) => milesFrom(n, units.distanceUnit), original?.lastMileage),
  };
}

/**
 * The body of POST and PUT. A new record made in fast mode goes out as the spec says: bought now,
 * empty store fields, null hours and mileage. Otherwise every field goes out as shown.
 */
export function toFuelInput(v: FuelFormValues, options: { fastNew: boolean; now: Date }): FuelRecordInput & FuelFlags;
export function toFuelInput(v: FuelFormValues, options: { fastNew: boolean; now: Date; money: boolean }): FuelRecordBody & FuelFlags;
export function toFuelInput(v: FuelFormValues, { fastNew, now, money = true }: { fastNew: boolean; now: Date; money?: boolean }): FuelRecordBody & FuelFlags {
  const text = (s: string) => s.trim() || null;
  const num = (s: string) => parseNumber(s);
  const base = {
    machineId: Number(v.machineId),
    amount: Number(v.amount),
    // Without money (an operator's stored record) the prices are left out, never sent empty or as 0:
    // the server keeps the stored ones.
    ...(money ? { pricePerUnit: Number(v.pricePerUnit), totalPrice: Number(v.totalPrice) } : {}),
    notes: text(v.notes),
    fullTank: v.fullTank,
    missedPrevious: v.missedPrevious,
  };
  if (fastNew) {
    return {
      ...base,
      dateOfPurchase: now.toISOString(),
      storeName: '',
      storeCity: '',
      storeState: '',
      currentHours: null,
      currentMileage: null,
      lastMileage: null,
    };
  }
  return {
    ...base,
    dateOfPurchase: new Date(v.dateOfPurchase).toISOString(),
    storeName: text(v.storeName),
    storeCity: text(v.storeCity),
    storeState: text(v.storeState),
    currentHours: num(v.currentHours),
    currentMileage: num(v.currentMileage),
    lastMileage: num(v.lastMileage),
  };
}
