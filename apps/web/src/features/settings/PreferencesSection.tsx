import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountDetailView, PreferencesView } from '@wrenchlog/contracts';
import {
  CURRENCIES,
  DEFAULT_PREFERENCES,
  DATE_FORMATS,
  DISTANCE_UNITS,
  FUEL_ECONOMY_UNITS,
  LANGUAGES,
  PREFERENCE_FIELDS,
  THEMES,
  UNIT_LABELS,
  VOLUME_UNITS,
  type PreferenceField,
  type PreferenceValues,
  type Preferences,
} from '@wrenchlog/contracts/limits';
import { useState, type FormEvent } from 'react';
import { useApi, useSession } from '../../core/context';
import { serverFieldErrors } from '../../core/forms/server-errors';
import { preferenceKeys, preferencesApi, useSavePreferences } from '../../core/preferences';
import { failureMessage } from './account-forms';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import './i18n';

// Issue 34: the member's own preferences, and the account's defaults (owners and managers). Each
// box offers "the default" (empty: not set, so the account's default, then the built-in one).

// Each language by its own name, so a member finds theirs whatever the interface shows.
const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'Deutsch', es: 'Español' };

function timeZones(current: string): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  const all = intl.supportedValuesOf?.('timeZone') ?? [];
  return all.includes(current) ? all : [current, ...all];
}

interface FieldSpec {
  label: string;
  options: { value: string; label: string }[];
  show: (value: Preferences[PreferenceField]) => string;
}

function fieldSpecs(timeZone: string, t: TFunction<'settings'>): Record<PreferenceField, FieldSpec> {
  const list = (values: readonly string[], names: Record<string, string>) => values.map((value) => ({ value, label: names[value] ?? value }));
  const named = (names: Record<string, string>) => (v: unknown) => names[String(v)] ?? String(v);
  const weekdayNames: Record<string, string> = t('prefs.weekdays', { returnObjects: true });
  const themeNames: Record<string, string> = t('prefs.themes', { returnObjects: true });
  const distanceNames: Record<string, string> = t('prefs.distanceLong', { returnObjects: true });
  const volumeNames: Record<string, string> = t('prefs.volumeLong', { returnObjects: true });
  const label = (field: PreferenceField) => t(`prefs.fields.${field}`);
  return {
    distanceUnit: { label: label('distanceUnit'), options: list(DISTANCE_UNITS, distanceNames), show: named(distanceNames) },
    volumeUnit: { label: label('volumeUnit'), options: list(VOLUME_UNITS, volumeNames), show: named(volumeNames) },
    economyUnit: { label: label('economyUnit'), options: list(FUEL_ECONOMY_UNITS, UNIT_LABELS.economy), show: named(UNIT_LABELS.economy) },
    currency: { label: label('currency'), options: list(CURRENCIES, {}), show: (v) => String(v) },
    dateFormat: { label: label('dateFormat'), options: list(DATE_FORMATS, {}), show: (v) => String(v) },
    weekStart: { label: label('weekStart'), options: list(Object.keys(weekdayNames), weekdayNames), show: named(weekdayNames) },
    timeZone: { label: label('timeZone'), options: list(timeZones(timeZone), {}), show: (v) => String(v) },
    theme: { label: label('theme'), options: list(THEMES, themeNames), show: named(themeNames) },
    language: { label: label('language'), options: list(LANGUAGES, LANGUAGE_NAMES), show: named(LANGUAGE_NAMES) },
  };
}

/** The boxes' values: '' for "not set", the rest as text. */
type Draft = Record<PreferenceField, string>;
const draftOf = (own: PreferenceValues): Draft => Object.fromEntries(PREFERENCE_FIELDS.map((f) => [f, own[f] === undefined ? '' : String(own[f])])) as Draft;
const valuesOf = (draft: Draft): PreferenceValues =>
  Object.fromEntries(PREFERENCE_FIELDS.filter((f) => draft[f] !== '').map((f) => [f, f === 'weekStart' ? Number(draft[f]) : draft[f]])) as PreferenceValues;

function PreferencesForm({
  title,
  description,
  own,
  fallback,
  fallbackName,
  save,
  savedText,
  what,
  saveLabel,
}: {
  /** The texts as the failure message and the button say them ('preferences', 'Save preferences'). */
  what: string;
  saveLabel: string;
  title: string;
  description: string;
  own: PreferenceValues;
  fallback: Preferences;
  fallbackName: string;
  save: (values: PreferenceValues) => Promise<unknown>;
  savedText: string;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(own));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { t } = useTranslation('settings');
  const specs = fieldSpecs(fallback.timeZone, t);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    setErrors({});
    try {
      await save(valuesOf(draft));
      setNotice({ ok: true, text: savedText });
    } catch (err) {
      console.error(`Saving ${title} failed`, err);
      const fields = serverFieldErrors(err);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^defaults\./, ''), v])));
      setNotice({ ok: false, text: failureMessage(err, t('prefs.saveFailed', { what })) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card component="section" aria-label={title}>
      <Title order={2} fz="lg" mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {description}
      </Text>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('prefs.formLabel', { title })}>
        <Stack gap="sm">
          {notice && <Alert color={notice.ok ? 'green' : 'red'} variant="light" role={notice.ok ? 'status' : 'alert'} title={notice.text} />}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            {PREFERENCE_FIELDS.map((field) => (
              <NativeSelect
                key={field}
                label={specs[field].label}
                name={field}
                value={draft[field]}
                error={errors[field]}
                disabled={busy}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setDraft((d) => ({ ...d, [field]: value }));
                }}
                data={[{ value: '', label: `${fallbackName} (${specs[field].show(fallback[field])})` }, ...specs[field].options]}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The member's own preferences: what they leave on the default follows the account's defaults. */
export function PreferencesSection() {
  const api = useApi();
  const { t } = useTranslation('settings');
  const save = useSavePreferences();
  const prefs = useQuery({ queryKey: preferenceKeys.mine, queryFn: () => preferencesApi.get(api) });
  if (!prefs.data) {
    return (
      <Card component="section" aria-label={t('prefs.mine.title')}>
        <Text>{prefs.isError ? t('prefs.mine.loadFailed') : t('prefs.mine.loading')}</Text>
      </Card>
    );
  }
  const view: PreferencesView = prefs.data;
  return (
    <PreferencesForm
      title={t('prefs.mine.title')}
      what={t('prefs.mine.what')}
      saveLabel={t('prefs.mine.save')}
      description={t('prefs.mine.description')}
      own={view.own}
      fallback={view.accountDefaults}
      fallbackName={t('prefs.mine.fallback')}
      save={(values) => save.mutateAsync(values)}
      savedText={t('prefs.mine.saved')}
    />
  );
}

/** The account's defaults, for owners and managers (`account.defaults`). */
export function AccountDefaultsSection() {
  const api = useApi();
  const { user } = useSession();
  const { t } = useTranslation('settings');
  const client = useQueryClient();
  const accountId = user?.accountId ?? 0;
  const account = useQuery({
    queryKey: preferenceKeys.account(accountId),
    queryFn: () => api.get<AccountDetailView>(`/api/accounts/${accountId}`),
    enabled: accountId > 0,
  });
  const save = useMutation({
    mutationFn: (defaults: PreferenceValues) => api.put<AccountDetailView>(`/api/accounts/${accountId}`, { defaults }),
    onSuccess: (saved) => {
      client.setQueryData(preferenceKeys.account(accountId), saved);
      // Every member's resolved preferences may follow the new defaults.
      return client.invalidateQueries({ queryKey: preferenceKeys.mine });
    },
  });
  if (!account.data) {
    return (
      <Card component="section" aria-label={t('prefs.account.title')}>
        <Text>{account.isError ? t('prefs.account.loadFailed') : t('prefs.account.loading')}</Text>
      </Card>
    );
  }
  return (
    <PreferencesForm
      title={t('prefs.account.title')}
      what={t('prefs.account.what')}
      saveLabel={t('prefs.account.save')}
      description={t('prefs.account.description')}
      own={account.data.ownDefaults}
      fallback={DEFAULT_PREFERENCES}
      fallbackName={t('prefs.account.fallback')}
      save={(values) => save.mutateAsync(values)}
      savedText={t('prefs.account.saved')}
    />
  );
}
