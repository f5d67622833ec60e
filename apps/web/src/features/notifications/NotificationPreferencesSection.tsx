import { Alert, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../core/context';
import { ErrorState, LoadingState } from '../../components/states';
import { browserTimeZone } from '../../lib/time-zone';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import type { TFunction } from 'i18next';
import { notificationApi, notificationKeys, useSavePreferences, type Channel, type NotificationPreferences } from './api';
import {
  CHANNELS,
  isDigestTime,
  KINDS,
  orderedChannels,
  preferencesForm,
  savedChannels,
  shownChannels,
  supportedTimeZones,
  timeZoneOptions,
  unavailableChannels,
  type ChannelHints,
} from './notification-logic';
import { currentSubscription, pushSupported } from './push';
import './i18n';

const PLACED = ['digestTime', 'timeZone', 'kinds', ...KINDS.map((k) => `kinds.${k}`)];

/** Whether this device has a push subscription (null while asking) and how many webhooks the account has (null while loading). */
function useChannelReadiness(): ChannelHints {
  const api = useApi();
  const hooks = useQuery({ queryKey: notificationKeys.webhooks, queryFn: () => notificationApi.webhooks(api), staleTime: 0 });
  const [push, setPush] = useState<boolean | null>(() => (pushSupported() ? null : false));
  useEffect(() => {
    if (!pushSupported()) {
      return;
    }
    let live = true;
    currentSubscription()
      .then((sub) => live && setPush(!!sub))
      .catch(() => live && setPush(false));
    return () => {
      live = false;
    };
  }, []);
  // A failed webhook read holds nothing back: the Webhooks section shows that failure.
  const webhooks = hooks.isSuccess ? hooks.data.length : null;
  return useMemo(() => unavailableChannels({ push, webhooks }), [push, webhooks]);
}

/** The hint under a channel that reaches nobody yet, in the member's language. */
function unavailableHint(t: TFunction<'notifications'>, unavailable: ChannelHints): Partial<Record<Channel, string>> {
  return Object.fromEntries(Object.entries(unavailable).map(([channel, key]) => [channel, t(`prefs.${key}`)]));
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation('notifications');
  const unavailable = useChannelReadiness();
  const save = useSavePreferences();
  const [form, setForm] = useState(() => preferencesForm(saved));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string; details?: string[] } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const here = useMemo(() => browserTimeZone(), []);
  const zones = useMemo(() => timeZoneOptions(supportedTimeZones(), form.timeZone, here), [form.timeZone, here]);
  const timeError = isDigestTime(form.digestTime) ? undefined : t('prefs.digestTimeFormat');
  const hint = useMemo(() => unavailableHint(t, unavailable), [t, unavailable]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (timeError || busy) {
      return;
    }
    setBusy(true);
    setNotice(null);
    setFieldErrors({});
    try {
      const kinds = Object.fromEntries(KINDS.map((k) => [k, savedChannels(form.kinds[k], saved.kinds[k] ?? [], unavailable)]));
      await save.mutateAsync({ ...form, kinds: kinds as NotificationPreferences['kinds'] });
      setNotice({ ok: true, text: t('prefs.saved') });
    } catch (err) {
      console.error('Saving the notification settings failed', err);
      const fields = serverFieldErrors(err);
      setFieldErrors(fields);
      setNotice({ ok: false, text: t('prefs.saveFailed'), details: unplacedMessages(fields, PLACED) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('prefs.formLabel')}>
      <Stack gap="md">
        {notice && (
          <Alert
            color={notice.ok ? 'green' : 'red'}
            variant="light"
            role={notice.ok ? 'status' : 'alert'}
            title={notice.text}
            withCloseButton
            closeButtonLabel={t('prefs.dismiss')}
            onClose={() => setNotice(null)}
          >
            {notice.details?.map((d) => (
              <Text size="sm" key={d}>
                {d}
              </Text>
            ))}
          </Alert>
        )}
        {KINDS.map((kind) => {
          const kindLabel = t(`prefs.kinds.${kind}`);
          return (
            <Checkbox.Group
              key={kind}
              label={kindLabel}
              description={kind === 'work' ? t('prefs.kindHints.work') : undefined}
              value={shownChannels(form.kinds[kind], unavailable)}
              onChange={(values) => setForm((f) => ({ ...f, kinds: { ...f.kinds, [kind]: orderedChannels(values) } }))}
              error={fieldErrors[`kinds.${kind}`]}
            >
              <Group gap="md" mt={6}>
                {CHANNELS.map((channel) => {
                  const channelLabel = t(`prefs.channels.${channel}`);
                  return (
                    <Checkbox
                      key={channel}
                      value={channel}
                      label={channelLabel}
                      aria-label={t('prefs.channelLabel', { kind: kindLabel, channel: channelLabel })}
                      disabled={!!unavailable[channel]}
                      description={hint[channel]}
                    />
                  );
                })}
              </Group>
            </Checkbox.Group>
          );
        })}
        {fieldErrors.kinds && (
          <Text c="red" size="sm" role="alert">
            {fieldErrors.kinds}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            type="time"
            label={t('prefs.digestTime')}
            description={t('prefs.digestTimeHint')}
            name="digestTime"
            value={form.digestTime}
            onChange={(e) => {
              const digestTime = e.currentTarget.value;
              setForm((f) => ({ ...f, digestTime }));
            }}
            error={timeError ?? fieldErrors.digestTime}
            required
          />
          <Stack gap={4} align="flex-start">
            <Select
              w="100%"
              label={t('prefs.timeZone')}
              description={t('prefs.timeZoneHint')}
              searchable
              data={zones}
              value={form.timeZone}
              onChange={(value) => value && setForm((f) => ({ ...f, timeZone: value }))}
              allowDeselect={false}
              nothingFoundMessage={t('prefs.noZone')}
              error={fieldErrors.timeZone}
              comboboxProps={{ withinPortal: true }}
            />
            {/* The server starts every account on UTC: one press takes this device's zone. */}
            {form.timeZone !== here && (
              <Button
                variant="subtle"
                size="compact-xs"
                h="auto"
                py={2}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                onClick={() => setForm((f) => ({ ...f, timeZone: here }))}
              >
                {t('prefs.useDeviceZone', { zone: here })}
              </Button>
            )}
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('prefs.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings > Notifications: the channels of each kind, the digest's time and time zone. */
export function NotificationPreferencesSection() {
  const { t } = useTranslation('notifications');
  const api = useApi();
  const prefs = useQuery({ queryKey: notificationKeys.preferences, queryFn: () => notificationApi.preferences(api), staleTime: 0 });
  return (
    <Card component="section" aria-label={t('prefs.title')}>
      <Title order={2} fz="lg" mb={4}>
        {t('prefs.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('prefs.description')}
      </Text>
      {prefs.isPending ? (
        <LoadingState text={t('prefs.loading')} />
      ) : prefs.isError ? (
        <ErrorState text={t('prefs.loadFailed')} onRetry={() => void prefs.refetch()} />
      ) : (
        <PreferencesForm saved={prefs.data} />
      )}
    </Card>
  );
}
