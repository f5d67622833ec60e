// Wrenchlog stores distance in miles and fuel in gallons (US), as the spec labels them; files in
// kilometres and litres are converted on the way in.

export interface Units {
  distance: 'mi' | 'km';
  volume: 'gal' | 'l';
}

export const US_UNITS: Units = { distance: 'mi', volume: 'gal' };
export const METRIC_UNITS: Units = { distance: 'km', volume: 'l' };

const KM_PER_MILE = 1.609344;
const LITRES_PER_GALLON = 3.785411784;

export const toMiles = (value: number, units: Units): number => (units.distance === 'km' ? value / KM_PER_MILE : value);
/** A distance of the file in the unit of the machine's meter (a record holds what its meter shows). */
export const toMeterUnit = (value: number, units: Units, meter: 'mi' | 'km'): number =>
  units.distance === meter ? value : meter === 'km' ? value * KM_PER_MILE : value / KM_PER_MILE;
export const toGallons = (value: number, units: Units): number => (units.volume === 'l' ? value / LITRES_PER_GALLON : value);
/** A price per litre is a price per gallon times 3.785...: the money spent stays the same. */
export const toPricePerGallon = (value: number, units: Units): number => (units.volume === 'l' ? value * LITRES_PER_GALLON : value);
