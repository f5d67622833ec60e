import { FUEL_LIMITS } from '../fuel/fuel.limits.js';
import {
  CANONICAL_PLACES,
  distanceForInput,
  economyFromMpg,
  economyToMpg,
  gallonsFrom,
  milesFrom,
  perGallonFrom,
  pricePerVolumeForInput,
  roundTo,
  volumeForInput,
  INPUT_PLACES,
} from './units.js';
import { DEFAULT_PREFERENCES, pickPreferences, resolvePreferences } from './preferences.limits.js';

/** Every value from `min` to `max` in steps of one unit of the last place, as the decimals a person types. */
function* typed(min: number, max: number, places: number, stride = 1): Generator<number> {
  const scale = 10 ** places;
  for (let n = Math.round(min * scale); n <= Math.round(max * scale); n += stride) {
    yield n / scale;
  }
}

describe('unit conversions', () => {
  it('stores canonical values to the places fuel-purchase-service keeps', () => {
    expect(CANONICAL_PLACES.gallons).toBe(FUEL_LIMITS.amount.places);
    expect(CANONICAL_PLACES.pricePerGallon).toBe(FUEL_LIMITS.pricePerUnit.places);
    expect(CANONICAL_PLACES.miles).toBe(FUEL_LIMITS.mileage.places);
  });

  it('rounds half away from zero through the decimal text', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(10, 0)).toBe(10);
  });

  it('converts by the exact factors', () => {
    expect(gallonsFrom(3.785411784, 'l')).toBe(1);
    expect(gallonsFrom(1, 'gal_uk')).toBe(1.201);
    expect(milesFrom(1.609344, 'km')).toBe(1);
    expect(volumeForInput(10, 'l')).toBe(37.85);
    expect(distanceForInput(100, 'km')).toBe(161);
  });

  it('gives back every litre amount typed with 2 decimals, through US gallons stored to 3 (0.10 L to 1,000 L)', () => {
    let checked = 0;
    for (const litres of typed(0.1, 1000, INPUT_PLACES.volume.l)) {
      const stored = gallonsFrom(litres, 'l');
      if (roundTo(stored, 3) !== stored || volumeForInput(stored, 'l') !== litres) {
        throw new Error(`${litres} L came back as ${volumeForInput(stored, 'l')} L (stored ${stored} gal)`);
      }
      checked++;
    }
    expect(checked).toBe(99_991);
  });

  it('gives back every UK gallon amount typed with 3 decimals (0.001 to 500)', () => {
    for (const uk of typed(0.001, 500, INPUT_PLACES.volume.gal_uk)) {
      const back = volumeForInput(gallonsFrom(uk, 'gal_uk'), 'gal_uk');
      if (back !== uk) {
        throw new Error(`${uk} UK gal came back as ${back}`);
      }
    }
  });

  it('gives back US gallons unchanged', () => {
    for (const gal of typed(0.1, 1000, 3, 7)) {
      if (volumeForInput(gallonsFrom(gal, 'gal_us'), 'gal_us') !== gal) {
        throw new Error(`${gal} gal came back as ${volumeForInput(gallonsFrom(gal, 'gal_us'), 'gal_us')}`);
      }
    }
  });

  it('gives back every price per litre typed with 3 decimals and per UK gallon with 2 (up to 100)', () => {
    for (const price of typed(0.001, 100, INPUT_PLACES.pricePerVolume.l)) {
      const perLitre = pricePerVolumeForInput(perGallonFrom(price, 'l'), 'l');
      if (perLitre !== price) {
        throw new Error(`${price} per L came back as ${perLitre}`);
      }
    }
    for (const price of typed(0.01, 100, INPUT_PLACES.pricePerVolume.gal_uk)) {
      const perUk = pricePerVolumeForInput(perGallonFrom(price, 'gal_uk'), 'gal_uk');
      if (perUk !== price) {
        throw new Error(`${price} per UK gal came back as ${perUk}`);
      }
    }
  });

  it('gives back every whole kilometre reading, through miles stored to a tenth (0 to 500,000 km)', () => {
    for (let km = 0; km <= 500_000; km++) {
      const back = distanceForInput(milesFrom(km, 'km'), 'km');
      if (back !== km) {
        throw new Error(`${km} km came back as ${back}`);
      }
    }
  });

  it('reads a litre amount entered as litres, then in gallons, then in litres again as typed', () => {
    const stored = gallonsFrom(45.37, 'l');
    expect(volumeForInput(stored, 'gal_us')).toBe(11.985);
    expect(volumeForInput(stored, 'l')).toBe(45.37);
  });

  it('converts economy each way, L/100 km as the inverse', () => {
    expect(economyFromMpg(30, 'mpg_us')).toBe(30);
    expect(roundTo(economyFromMpg(30, 'mpg_uk')!, 2)).toBe(36.03);
    expect(roundTo(economyFromMpg(30, 'l_per_100km')!, 2)).toBe(7.84);
    expect(roundTo(economyFromMpg(30, 'km_per_l')!, 2)).toBe(12.75);
    expect(economyFromMpg(0, 'l_per_100km')).toBeNull();
    for (const unit of ['mpg_us', 'mpg_uk', 'l_per_100km', 'km_per_l'] as const) {
      for (const mpg of [5, 12.3, 30, 55.5]) {
        expect(economyToMpg(economyFromMpg(mpg, unit)!, unit)).toBeCloseTo(mpg, 10);
      }
    }
  });
});

describe('preferences', () => {
  it("resolve field by field: the member's, else the account's, else the defaults", () => {
    expect(resolvePreferences({}, {})).toEqual(DEFAULT_PREFERENCES);
    const resolved = resolvePreferences({ volumeUnit: 'l' }, { volumeUnit: 'gal_uk', distanceUnit: 'km', currency: 'EUR' });
    expect(resolved).toMatchObject({ volumeUnit: 'l', distanceUnit: 'km', currency: 'EUR', economyUnit: 'mpg_us' });
  });

  it('keep only known, valid fields', () => {
    expect(pickPreferences({ distanceUnit: 'km', currency: 'XYZ', weekStart: 7, extra: 1, timeZone: null })).toEqual({ distanceUnit: 'km' });
    expect(pickPreferences({ weekStart: 0, timeZone: 'Europe/Berlin' })).toEqual({ weekStart: 0, timeZone: 'Europe/Berlin' });
  });
});
