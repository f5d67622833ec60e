// Unit conversions (issue 34), browser-safe: the API answers in the spec's canonical units (miles,
// US gallons, dollars per US gallon, MPG US) and the web app converts for the reader and back for
// what they type. Every factor is exact by definition (international mile, US and imperial gallon).
//
// Round trips: a value typed in a unit, converted to the canonical unit and rounded to the places
// fuel-purchase-service stores (FUEL_LIMITS), then converted back and rounded to INPUT_PLACES of that
// unit, gives the typed number again. That holds when one stored step is less than half an input step:
// - volume: 0.001 US gal = 3.79 mL, so litres round-trip at 2 places (10 mL), UK gallons at 3
//   (0.001 US gal = 0.00083 UK gal);
// - price per volume: 0.001 $/US gal = 0.00026 $/L = 0.0012 $/UK gal, so 3 places per litre and
//   2 per UK gallon;
// - distance: 0.1 mi = 0.16 km, so whole kilometres (a tenth of a km would not survive).
// units.spec.ts checks these for every value of a wide range.

export const DISTANCE_UNITS = ['mi', 'km'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];
export const VOLUME_UNITS = ['gal_us', 'gal_uk', 'l'] as const;
export type VolumeUnit = (typeof VOLUME_UNITS)[number];
export const FUEL_ECONOMY_UNITS = ['mpg_us', 'mpg_uk', 'l_per_100km', 'km_per_l'] as const;
export type FuelEconomyUnit = (typeof FUEL_ECONOMY_UNITS)[number];

export const KM_PER_MILE = 1.609344;
export const LITRES_PER_US_GALLON = 3.785411784;
export const LITRES_PER_UK_GALLON = 4.54609;

/** What the canonical values are stored to (FUEL_LIMITS: gallons and $/gal in thousandths, miles in tenths). */
export const CANONICAL_PLACES = { gallons: 3, pricePerGallon: 3, miles: 1 } as const;

/** The decimals a person types and reads in each unit (see the round trips above). */
export const INPUT_PLACES = {
  distance: { mi: 1, km: 0 } satisfies Record<DistanceUnit, number>,
  volume: { gal_us: 3, gal_uk: 3, l: 2 } satisfies Record<VolumeUnit, number>,
  pricePerVolume: { gal_us: 3, gal_uk: 2, l: 3 } satisfies Record<VolumeUnit, number>,
  economy: { mpg_us: 1, mpg_uk: 1, l_per_100km: 1, km_per_l: 1 } satisfies Record<FuelEconomyUnit, number>,
} as const;

export const UNIT_LABELS = {
  distance: { mi: 'mi', km: 'km' } satisfies Record<DistanceUnit, string>,
  distanceLong: { mi: 'Miles', km: 'Kilometres' } satisfies Record<DistanceUnit, string>,
  volume: { gal_us: 'gal', gal_uk: 'gal (UK)', l: 'L' } satisfies Record<VolumeUnit, string>,
  volumeLong: { gal_us: 'Gallons (US)', gal_uk: 'Gallons (UK)', l: 'Litres' } satisfies Record<VolumeUnit, string>,
  economy: { mpg_us: 'MPG', mpg_uk: 'MPG (UK)', l_per_100km: 'L/100 km', km_per_l: 'km/L' } satisfies Record<FuelEconomyUnit, string>,
} as const;

/**
 * `value` rounded half away from zero to `places` decimals, through the decimal text so that
 * 1.005 rounds to 1.01 (binary 1.005 * 100 is 100.49999...).
 */
export function roundTo(value: number, places: number): number {
  if (!Number.isFinite(value)) {
    return value;
  }
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(value)}e${places}`));
  return sign * Number(`${shifted}e-${places}`);
}

const LITRES_PER: Record<VolumeUnit, number> = { gal_us: LITRES_PER_US_GALLON, gal_uk: LITRES_PER_UK_GALLON, l: 1 };

/** Miles (as the API answers) in the reader's unit, unrounded. */
export function milesTo(miles: number, unit: DistanceUnit): number {
  return unit === 'km' ? miles * KM_PER_MILE : miles;
}
/** A distance typed in `unit`, in miles to the stored tenth. */
export function milesFrom(value: number, unit: DistanceUnit): number {
  return roundTo(unit === 'km' ? value / KM_PER_MILE : value, CANONICAL_PLACES.miles);
}
/** A stored distance as the reader types it: rounded to their unit's input places. */
export function distanceForInput(miles: number, unit: DistanceUnit): number {
  return roundTo(milesTo(miles, unit), INPUT_PLACES.distance[unit]);
}

/** US gallons (as the API answers) in the reader's unit, unrounded. */
export function gallonsTo(gallons: number, unit: VolumeUnit): number {
  return unit === 'gal_us' ? gallons : (gallons * LITRES_PER_US_GALLON) / LITRES_PER[unit];
}
/** A volume typed in `unit`, in US gallons to the stored thousandth. */
export function gallonsFrom(value: number, unit: VolumeUnit): number {
  return roundTo(unit === 'gal_us' ? value : (value * LITRES_PER[unit]) / LITRES_PER_US_GALLON, CANONICAL_PLACES.gallons);
}
export function volumeForInput(gallons: number, unit: VolumeUnit): number {
  return roundTo(gallonsTo(gallons, unit), INPUT_PLACES.volume[unit]);
}

/** A price per US gallon in the reader's volume unit (money per litre, per UK gallon), unrounded. */
export function perGallonTo(pricePerGallon: number, unit: VolumeUnit): number {
  return unit === 'gal_us' ? pricePerGallon : (pricePerGallon * LITRES_PER[unit]) / LITRES_PER_US_GALLON;
}
/** A price per `unit` typed by the reader, per US gallon to the stored thousandth. */
export function perGallonFrom(value: number, unit: VolumeUnit): number {
  return roundTo(unit === 'gal_us' ? value : (value * LITRES_PER_US_GALLON) / LITRES_PER[unit], CANONICAL_PLACES.pricePerGallon);
}
export function pricePerVolumeForInput(pricePerGallon: number, unit: VolumeUnit): number {
  return roundTo(perGallonTo(pricePerGallon, unit), INPUT_PLACES.pricePerVolume[unit]);
}

/**
 * MPG (US) in the reader's economy unit, unrounded; L/100 km is the inverse (fuel per distance), so
 * 0 MPG has none (null), as a missing figure.
 */
export function economyFromMpg(mpg: number, unit: FuelEconomyUnit): number | null {
  if (!Number.isFinite(mpg)) {
    return null;
  }
  switch (unit) {
    case 'mpg_us':
      return mpg;
    case 'mpg_uk':
      return (mpg * LITRES_PER_UK_GALLON) / LITRES_PER_US_GALLON;
    case 'km_per_l':
      return (mpg * KM_PER_MILE) / LITRES_PER_US_GALLON;
    case 'l_per_100km':
      return mpg > 0 ? (100 * LITRES_PER_US_GALLON) / (KM_PER_MILE * mpg) : null;
  }
}

/** An economy in `unit` back to MPG (US), unrounded (the inverse of economyFromMpg). */
export function economyToMpg(value: number, unit: FuelEconomyUnit): number | null {
  switch (unit) {
    case 'mpg_us':
      return value;
    case 'mpg_uk':
      return (value * LITRES_PER_US_GALLON) / LITRES_PER_UK_GALLON;
    case 'km_per_l':
      return (value * LITRES_PER_US_GALLON) / KM_PER_MILE;
    case 'l_per_100km':
      return value > 0 ? (100 * LITRES_PER_US_GALLON) / (KM_PER_MILE * value) : null;
  }
}

/**
 * A report's economy figure to MPG (US): report-service answers `mpg`, or `L/100km` for a machine
 * whose distance meter is in km; null for an unknown unit.
 */
export function reportEconomyToMpg(value: number, unit: string): number | null {
  if (unit === 'mpg') {
    return value;
  }
  if (unit === 'L/100km') {
    return economyToMpg(value, 'l_per_100km');
  }
  return null;
}
