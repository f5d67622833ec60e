import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsOptional, Max, Min, ValidateBy, ValidateNested, type ValidationOptions } from 'class-validator';
import type { AccountRole } from '../account/account.limits.js';
import { isTimeZone } from '../notification/notification.limits.js';
import {
  CURRENCIES,
  DATE_FORMATS,
  LANGUAGES,
  PreferenceMessages,
  THEMES,
  type DateFormat,
  type Language,
  type Preferences,
  type PreferenceValues,
  type ThemePreference,
} from './preferences.limits.js';
import { DISTANCE_UNITS, FUEL_ECONOMY_UNITS, VOLUME_UNITS, type DistanceUnit, type FuelEconomyUnit, type VolumeUnit } from './units.js';

// Preferences (issue 34). Producer: gateway. Consumer: user-service.
export const USER_PREFERENCES_GET = 'user.preferences.get' as const;
export const USER_PREFERENCES_UPDATE = 'user.preferences.update' as const;
/** GET /api/accounts/{id}: one account of the caller with its defaults. */
export const USER_ACCOUNT_GET = 'user.account.get' as const;
/** PUT /api/accounts/{id} with `defaults`: owners and managers set the account's defaults. */
export const USER_ACCOUNT_DEFAULTS = 'user.account.defaults' as const;

const IsIanaTimeZone = (options?: ValidationOptions) => ValidateBy({ name: 'isIanaTimeZone', validator: { validate: (v: unknown) => isTimeZone(v) } }, options);

/**
 * PUT /api/user/preferences and an account's `defaults`: every field optional; one left out (or null)
 * is not set, so it falls back (to the account's default, then the built-in one). Fields a read
 * answers besides these are ignored.
 */
export class PreferencesInput implements PreferenceValues {
  @IsOptional()
  @IsIn(DISTANCE_UNITS as unknown as string[], { message: PreferenceMessages.distanceUnit })
  distanceUnit?: DistanceUnit;

  @IsOptional()
  @IsIn(VOLUME_UNITS as unknown as string[], { message: PreferenceMessages.volumeUnit })
  volumeUnit?: VolumeUnit;

  @IsOptional()
  @IsIn(FUEL_ECONOMY_UNITS as unknown as string[], { message: PreferenceMessages.economyUnit })
  economyUnit?: FuelEconomyUnit;

  @IsOptional()
  @IsIn(CURRENCIES as string[], { message: PreferenceMessages.currency })
  currency?: string;

  @IsOptional()
  @IsIn(DATE_FORMATS as unknown as string[], { message: PreferenceMessages.dateFormat })
  dateFormat?: DateFormat;

  @IsOptional()
  @IsInt({ message: PreferenceMessages.weekStart })
  @Min(0, { message: PreferenceMessages.weekStart })
  @Max(6, { message: PreferenceMessages.weekStart })
  weekStart?: number;

  @IsOptional()
  @IsIanaTimeZone({ message: PreferenceMessages.timeZone })
  timeZone?: string;

  @IsOptional()
  @IsIn(THEMES as unknown as string[], { message: PreferenceMessages.theme })
  theme?: ThemePreference;

  @IsOptional()
  @IsIn(LANGUAGES as unknown as string[], { message: PreferenceMessages.language })
  language?: Language;
}

/** GET /api/user/preferences: every field resolved, with where each came from. */
export interface PreferencesView extends Preferences {
  /** What the member set themselves (the rest falls back). */
  own: PreferenceValues;
  /** The account's defaults, resolved (what a field the member clears becomes). */
  accountDefaults: Preferences;
}

export class AccountDefaultsMessage {
  @IsInt({ message: 'Invalid id' })
  @Min(1, { message: 'Invalid id' })
  accountId!: number;

  @IsObject({ message: PreferenceMessages.defaults })
  @ValidateNested()
  @Type(() => PreferencesInput)
  defaults!: PreferencesInput;
}

/** GET /api/accounts/{id} and PUT /api/accounts/{id} with defaults. */
export interface AccountDetailView {
  id: number;
  name: string;
  role: AccountRole;
  /** The account's defaults, resolved (the built-in ones where it set none). */
  defaults: Preferences;
  /** What the account set itself. */
  ownDefaults: PreferenceValues;
}
