import { Alert, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useApi } from '../../core/context';
import { ErrorState, LoadingState } from '../../components/states';
import { browserTimeZone } from '../../lib/time-zone';
import { serverFieldErrors, unplacedMessages } from '../../core/forms/server-errors';
import { notificationApi, notificationKeys, useSavePreferences, type NotificationPreferences } from './api';
import {
  CHANNELS,
  DIGEST_TIME_MESSAGE,
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

const PLACED = ['digestTime', 'timeZone', 'kinds', ...KINDS.map((k) => `kinds.${k.key}`)];

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

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const unavailable = useChannelReadiness();
  const save = useSavePreferences();
  const [form, setForm] = useState(() => preferencesForm(saved));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string; details?: string[] } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const here = useMemo(() => browserTimeZone(), []);
  const zones = useMemo(() => timeZoneOptions(supportedTimeZones(), form.timeZone, here), [form.timeZone, here]);
  const timeError = isDigestTime(form.digestTime) ? undefined : DIGEST_TIME_MESSAGE;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (timeError || busy) {
      return;
    }
    setBusy(true);
    setNotice(null);
    setFieldErrors({});
    try {
      const kinds = Object.fromEntries(KINDS.map((k) => [k.key, savedChannels(form.kinds[k.key], saved.kinds[k.key] ?? [], unavailable)]));
      await save.mutateAsync({ ...form, kinds: kinds as NotificationPreferences['kinds'] });
      setNotice({ ok: true, text: 'Notification settings saved.' });
    } catch (err) {
      console.error('Saving the notification settings failed', err);
      const fields = serverFieldErrors(err);
      setFieldErrors(fields);
      setNotice({ ok: false, text: 'Could not save the notification settings.', details: unplacedMessages(fields, PLACED) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Notification settings form">
      <Stack gap="md">
        {notice && (
          <Alert
            color={notice.ok ? 'green' : 'red'}
            variant="light"
            role={notice.ok ? 'status' : 'alert'}
            title={notice.text}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setNotice(null)}
          >
            {notice.details?.map((d) => (
              <Text size="sm" key={d}>
                {d}
              </Text>
            ))}
          </Alert>
        )}
        {KINDS.map((kind) => (
          <Checkbox.Group
            key={kind.key}
            label={kind.label}
            value={shownChannels(form.kinds[kind.key], unavailable)}
            onChange={(values) => setForm((f) => ({ ...f, kinds: { ...f.kinds, [kind.key]: orderedChannels(values) } }))}
            error={fieldErrors[`kinds.${kind.key}`]}
          >
            <Group gap="md" mt={6}>
              {CHANNELS.map((channel) => (
                <Checkbox
                  key={channel.value}
                  value={channel.value}
                  label={channel.label}
                  aria-label={`${kind.label}: ${channel.label}`}
                  disabled={!!unavailable[channel.value]}
                  description={unavailable[channel.value]}
                />
              ))}
            </Group>
          </Checkbox.Group>
        ))}
        {fieldErrors.kinds && (
          <Text c="red" size="sm" role="alert">
            {fieldErrors.kinds}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            type="time"
            label="Daily digest time"
            description="The email digest arrives once a day at this local time."
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
              label="Time zone"
              description="Your local time for the digest, and the day a fuel purchase counts on in Reports."
              searchable
              data={zones}
              value={form.timeZone}
              onChange={(value) => value && setForm((f) => ({ ...f, timeZone: value }))}
              allowDeselect={false}
              nothingFoundMessage="No such time zone"
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
                Use this device's time zone ({here})
              </Button>
            )}
          </Stack>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Save notification settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings > Notifications: the channels of each kind, the digest's time and time zone. */
export function NotificationPreferencesSection() {
  const api = useApi();
  const prefs = useQuery({ queryKey: notificationKeys.preferences, queryFn: () => notificationApi.preferences(api), staleTime: 0 });
  return (
    <Card component="section" aria-label="Notifications">
      <Title order={2} fz="lg" mb={4}>
        Notifications
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Choose where each kind of notification reaches you.
      </Text>
      {prefs.isPending ? (
        <LoadingState text="Loading notification settings..." />
      ) : prefs.isError ? (
        <ErrorState text="Could not load the notification settings." onRetry={() => void prefs.refetch()} />
      ) : (
        <PreferencesForm saved={prefs.data} />
      )}
    </Card>
  );
}
