// A member's preferences and their account's defaults (issue 34), without class-validator: the DTOs
// in preferences.contract.ts are built from these, user-service checks them, and the SPA reads the
// options and defaults through `@wrenchlog/contracts/limits`.
import { isTimeZone } from '../notification/notification.limits.js';
import { DISTANCE_UNITS, FUEL_ECONOMY_UNITS, VOLUME_UNITS, type DistanceUnit, type FuelEconomyUnit, type VolumeUnit } from './units.js';

export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemePreference = (typeof THEMES)[number];
export const LANGUAGES = ['en', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** ISO 4217 codes in use (what Intl.supportedValuesOf('currency') lists in Node 20), fixed here so server and browser agree. */
export const CURRENCIES: readonly string[] = (
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY ' +
  'COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ' +
  'ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP ' +
  'MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG ' +
  'SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST ' +
  'XAF XCD XCG XOF XPF YER ZAR ZMW ZWG ZWL'
).split(' ');

/** Every preference, as GET /api/user/preferences answers it (all set: the member's, else the account's, else these defaults). */
export interface Preferences {
  distanceUnit: DistanceUnit;
  volumeUnit: VolumeUnit;
  economyUnit: FuelEconomyUnit;
  currency: string;
  dateFormat: DateFormat;
  /** 0 Sunday ... 6 Saturday. */
  weekStart: number;
  timeZone: string;
  theme: ThemePreference;
  language: Language;
}
export type PreferenceField = keyof Preferences;
/** What a member or an account sets: any of the fields; one left out falls back. */
export type PreferenceValues = Partial<Preferences>;

/** With nothing set: the spec's US units and dollars. */
export const DEFAULT_PREFERENCES: Preferences = {
  distanceUnit: 'mi',
  volumeUnit: 'gal_us',
  economyUnit: 'mpg_us',
  currency: 'USD',
  // The dates the app has always shown (lib/format.ts).
  dateFormat: 'YYYY-MM-DD',
  weekStart: 0,
  timeZone: 'UTC',
  theme: 'system',
  language: 'en',
};
export const PREFERENCE_FIELDS = Object.keys(DEFAULT_PREFERENCES) as PreferenceField[];

export const PreferenceMessages = {
  distanceUnit: `Distance unit must be one of ${DISTANCE_UNITS.join(', ')}`,
  volumeUnit: `Volume unit must be one of ${VOLUME_UNITS.join(', ')}`,
  economyUnit: `Economy unit must be one of ${FUEL_ECONOMY_UNITS.join(', ')}`,
  currency: 'Currency must be an ISO 4217 code such as USD or EUR',
  dateFormat: `Date format must be one of ${DATE_FORMATS.join(', ')}`,
  weekStart: 'First day of the week must be a whole number from 0 (Sunday) to 6 (Saturday)',
  timeZone: 'Time zone must be an IANA time zone such as Europe/Paris',
  theme: `Theme must be one of ${THEMES.join(', ')}`,
  language: `Language must be one of ${LANGUAGES.join(', ')}`,
  defaults: 'Defaults must be an object of preferences',
} as const;

const CHECKS: Record<PreferenceField, (v: unknown) => boolean> = {
  distanceUnit: (v) => (DISTANCE_UNITS as readonly unknown[]).includes(v),
  volumeUnit: (v) => (VOLUME_UNITS as readonly unknown[]).includes(v),
  economyUnit: (v) => (FUEL_ECONOMY_UNITS as readonly unknown[]).includes(v),
  currency: (v) => typeof v === 'string' && CURRENCIES.includes(v),
  dateFormat: (v) => (DATE_FORMATS as readonly unknown[]).includes(v),
  weekStart: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 6,
  timeZone: (v) => isTimeZone(v),
  theme: (v) => (THEMES as readonly unknown[]).includes(v),
  language: (v) => (LANGUAGES as readonly unknown[]).includes(v),
};

/** Whether `value` is a valid value of `field` (null and undefined are "not set", checked by the caller). */
export function isPreferenceValue(field: PreferenceField, value: unknown): boolean {
  return CHECKS[field](value);
}

/**
 * The set fields of a stored or sent object, known fields only, null and undefined dropped (an
 * update accepts what a read returned: unknown fields are ignored); invalid values are dropped too,
 * so a value a later release no longer knows falls back instead of failing a read.
 */
export function pickPreferences(source: unknown): PreferenceValues {
  const out: Record<string, unknown> = {};
  if (source && typeof source === 'object') {
    for (const field of PREFERENCE_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (value !== null && value !== undefined && CHECKS[field](value)) {
        out[field] = value;
      }
    }
  }
  return out as PreferenceValues;
}

/** The member's value, else the account's, else the default, field by field. */
export function resolvePreferences(member: PreferenceValues, account: PreferenceValues): Preferences {
  return { ...DEFAULT_PREFERENCES, ...pickPreferences(account), ...pickPreferences(member) };
}
