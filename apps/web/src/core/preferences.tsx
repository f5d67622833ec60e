import { useMantineColorScheme } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreferencesInput, PreferencesView } from '@wrenchlog/contracts';
import {
  DEFAULT_PREFERENCES,
  distanceForInput,
  economyFromMpg,
  INPUT_PLACES,
  milesTo,
  gallonsTo,
  perGallonTo,
  roundTo,
  UNIT_LABELS,
  type Language,
  type Preferences,
} from '@wrenchlog/contracts/limits';
import { Fragment, useEffect, useMemo, type ReactNode } from 'react';
import { formatDateAs, readerFormats, readerLocale, setReaderFormats, setReaderLocale } from '../lib/format';
import { useTranslation } from 'react-i18next';
import { browserLanguage, currentLanguage, isLanguage, LOCALES, switchLanguage } from './i18n/i18n';
import type { ApiClient } from '../api/client';
import { useApi, useSession } from './context';

// The member's preferences (issue 34): the API answers in miles, US gallons and MPG; every screen
// converts what it shows and what is typed through `useUnits()`, and money is formatted in the
// member's currency. Before the first answer (and signed out) the spec's US defaults stand.

export const preferenceKeys = { mine: ['user', 'preferences'] as const, account: (id: number) => ['accounts', id] as const };

export const preferencesApi = {
  get: (api: ApiClient) => api.get<PreferencesView>('/api/user/preferences'),
  save: (api: ApiClient, body: PreferencesInput) => api.put<PreferencesView>('/api/user/preferences', { ...body }),
};

export function usePreferences(): Preferences {
  const api = useApi();
  const { status } = useSession();
  const query = useQuery({ queryKey: preferenceKeys.mine, queryFn: () => preferencesApi.get(api), enabled: status === 'authenticated', staleTime: 5 * 60_000 });
  return query.data ?? DEFAULT_PREFERENCES;
}

/** Saves the member's own preferences; every screen re-renders in the new units. */
export function useSavePreferences() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesInput) => preferencesApi.save(api, body),
    onSuccess: (saved) => client.setQueryData(preferenceKeys.mine, saved),
  });
}

const DATE_FORMAT_DAYJS: Record<Preferences['dateFormat'], string> = {
  'MM/DD/YYYY': 'MM/DD/YYYY',
  'DD/MM/YYYY': 'DD/MM/YYYY',
  'YYYY-MM-DD': 'YYYY-MM-DD',
  'DD.MM.YYYY': 'DD.MM.YYYY',
};

export interface Units {
  prefs: Preferences;
  distanceLabel: string;
  volumeLabel: string;
  economyLabel: string;
  currencySymbol: string;
  /** Miles as the reader reads them ('1,234 km'); n/a when missing. */
  distance: (miles: number | string | null | undefined, withUnit?: boolean) => string;
  volume: (gallons: number | string | null | undefined, withUnit?: boolean) => string;
  /** MPG (US) in the reader's economy unit. */
  economy: (mpg: number | string | null | undefined, withUnit?: boolean) => string;
  /** Money in the member's currency ('€1,234.50'). */
  money: (value: number | string | null | undefined) => string;
  /** Money without the sign ('1,234.50'), for a column that names the currency. */
  amount: (value: number | string | null | undefined) => string;
  /** A price per US gallon per the reader's volume unit, with the currency. */
  pricePerVolume: (perGallon: number | string | null | undefined) => string;
  /** A date or instant in the member's date format. */
  date: (value: string | null | undefined) => string;
}

const NA = 'n/a';
const num = (v: number | string | null | undefined): number | null => {
  const n = typeof v === 'string' ? (v.trim() === '' ? NaN : Number(v)) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

export function unitsOf(prefs: Preferences): Units {
  const locale = readerLocale();
  const grouped = (places: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: places });
  const moneyFormat = new Intl.NumberFormat(locale, { style: 'currency', currency: prefs.currency });
  const plainMoney = new Intl.NumberFormat(locale, {
    minimumFractionDigits: moneyFormat.resolvedOptions().minimumFractionDigits,
    maximumFractionDigits: moneyFormat.resolvedOptions().maximumFractionDigits,
  });
  const currencySymbol = moneyFormat.formatToParts(0).find((p) => p.type === 'currency')?.value ?? prefs.currency;
  const distanceLabel = UNIT_LABELS.distance[prefs.distanceUnit];
  const volumeLabel = UNIT_LABELS.volume[prefs.volumeUnit];
  const economyLabel = UNIT_LABELS.economy[prefs.economyUnit];
  const suffix = (text: string, label: string, withUnit: boolean) => (withUnit ? `${text} ${label}` : text);
  return {
    prefs,
    distanceLabel,
    volumeLabel,
    economyLabel,
    currencySymbol,
    distance: (miles, withUnit = true) => {
      const n = num(miles);
      return n === null
        ? NA
        : suffix(
            grouped(INPUT_PLACES.distance[prefs.distanceUnit]).format(roundTo(milesTo(n, prefs.distanceUnit), INPUT_PLACES.distance[prefs.distanceUnit])),
            distanceLabel,
            withUnit,
          );
    },
    volume: (gallons, withUnit = true) => {
      const n = num(gallons);
      const places = INPUT_PLACES.volume[prefs.volumeUnit];
      return n === null ? NA : suffix(grouped(places).format(roundTo(gallonsTo(n, prefs.volumeUnit), places)), volumeLabel, withUnit);
    },
    economy: (mpg, withUnit = true) => {
      const n = num(mpg);
      const value = n === null ? null : economyFromMpg(n, prefs.economyUnit);
      return value === null ? NA : suffix(grouped(1).format(roundTo(value, 1)), economyLabel, withUnit);
    },
    money: (value) => {
      const n = num(value);
      return n === null ? NA : moneyFormat.format(n);
    },
    amount: (value) => {
      const n = num(value);
      return n === null ? NA : plainMoney.format(n);
    },
    pricePerVolume: (perGallon) => {
      const n = num(perGallon);
      const places = INPUT_PLACES.pricePerVolume[prefs.volumeUnit];
      return n === null
        ? NA
        : `${new Intl.NumberFormat(locale, { style: 'currency', currency: prefs.currency, maximumFractionDigits: places }).format(roundTo(perGallonTo(n, prefs.volumeUnit), places))}/${volumeLabel}`;
    },
    date: (value) => formatDateAs(value, DATE_FORMAT_DAYJS[prefs.dateFormat]),
  };
}

/** The reader's units and formats, from their preferences. */
export function useUnits(): Units {
  const prefs = usePreferences();
  const { i18n } = useTranslation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the language changes the locale unitsOf reads
  return useMemo(() => unitsOf(prefs), [prefs, i18n.language]);
}

export { distanceForInput };

/**
 * The interface language (issue 34): the member's own choice, else the account's default when it
 * is not English, else the browser's. (The resolved default cannot tell an account's chosen
 * English from the built-in one, so English there leaves the browser's language to decide.)
 */
export function languageOf(view: PreferencesView): Language {
  return view.own.language ?? (view.accountDefaults.language !== 'en' ? view.accountDefaults.language : browserLanguage());
}

/**
 * Applies the member's preferences to the whole app once read (issue 34): the `theme` through
 * Mantine's color scheme ('auto' follows the system; the scheme manager keeps it in local storage,
 * which /color-scheme.js reads before the first paint, so the sign-in page and a reload show the
 * last choice without a flash), and the currency and date format through lib/format. The screens
 * under it start again when the currency or date format changes, so every figure follows.
 */
export function PreferencesSync({ children, enabled = true }: { children: ReactNode; enabled?: boolean }) {
  const api = useApi();
  const { status } = useSession();
  // Only an answer changes anything: the defaults of a pending read would flash 'system'.
  const { data } = useQuery({
    queryKey: preferenceKeys.mine,
    queryFn: () => preferencesApi.get(api),
    enabled: enabled && status === 'authenticated',
    staleTime: 5 * 60_000,
  });
  const { setColorScheme } = useMantineColorScheme();
  const theme = data?.theme;
  useEffect(() => {
    if (theme) {
      setColorScheme(theme === 'system' ? 'auto' : theme);
    }
  }, [theme, setColorScheme]);
  const wanted = data ? languageOf(data) : undefined;
  useEffect(() => {
    if (wanted && wanted !== currentLanguage()) {
      void switchLanguage(wanted).catch((err: unknown) => console.error('Loading the language failed', err));
    }
  }, [wanted]);
  // Re-renders on a language change (useTranslation listens), and every number follows its locale.
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  setReaderLocale(LOCALES[language]);
  const currency = data?.currency;
  const dateFormat = data?.dateFormat;
  // Applied while rendering (idempotent), so the screens below format with it in this same pass.
  const applied = readerFormats();
  if (currency && dateFormat && (currency !== applied.currency || dateFormat !== applied.dateFormat)) {
    setReaderFormats({ currency, dateFormat });
  }
  const formats = readerFormats();
  return <Fragment key={`${formats.currency} ${formats.dateFormat} ${language}`}>{children}</Fragment>;
}
