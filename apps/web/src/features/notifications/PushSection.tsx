import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBellRinging, IconBellX, IconSend } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useApi } from '../../core/context';
import { ApiError } from '../../api/client';
import { notificationApi } from './api';
import { pushTestText, vapidKeyBytes } from './notification-logic';
import { currentSubscription, PushSetupError, pushSupported, subscribe } from './push';

type PushState = 'checking' | 'unsupported' | 'off' | 'on';

function message(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    return err.status < 500 && err.body?.message ? err.body.message : fallback;
  }
  if (err instanceof PushSetupError) {
    return err.message;
  }
  // The browser's own refusal (e.g. no push service): its words, after ours.
  return err instanceof Error && err.message ? `${fallback} The browser said: ${err.message}` : fallback;
}

/** Settings > Browser push: enable or disable push on this device, and send a test. */
export function PushSection() {
  const api = useApi();
  const [state, setState] = useState<PushState>(() => (pushSupported() ? 'checking' : 'unsupported'));
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!pushSupported()) {
      return;
    }
    let live = true;
    currentSubscription()
      .then((sub) => live && setState(sub ? 'on' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  async function act(task: () => Promise<string>, fallback: string) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ ok: true, text: await task() });
    } catch (err) {
      console.error(fallback, err);
      setNotice({ ok: false, text: message(err, fallback) });
    } finally {
      setBusy(false);
    }
  }

  const enable = () =>
    act(async () => {
      const key = await notificationApi.pushPublicKey(api);
      const sub = await subscribe(vapidKeyBytes(key));
      await notificationApi.subscribePush(api, sub.toJSON());
      setState('on');
      return 'Push is on for this device.';
    }, 'Could not enable push on this device.');

  const disable = () =>
    act(async () => {
      const sub = await currentSubscription();
      if (sub) {
        await notificationApi.unsubscribePush(api, sub.endpoint);
        await sub.unsubscribe();
      }
      setState('off');
      return 'Push is off for this device.';
    }, 'Could not disable push on this device.');

  const test = () =>
    act(async () => {
      const { sent, failed } = await notificationApi.testPush(api);
      return pushTestText(sent, failed);
    }, 'Could not send a test push.');

  return (
    <Card component="section" aria-label="Browser push">
      <Group justify="space-between" mb={4}>
        <Title order={2} fz="lg">
          Browser push
        </Title>
        {state === 'on' && <Badge color="green">On for this device</Badge>}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Pushes arrive even when Wrenchlog is closed, and open the screen they are about.
      </Text>
      <Stack gap="sm">
        {state === 'unsupported' ? (
          <Text size="sm">This browser does not support push notifications.</Text>
        ) : state === 'off' && Notification.permission === 'denied' ? (
          <Text size="sm">Notifications are blocked for this site: allow them in the browser's site settings, then reload this page.</Text>
        ) : (
          <Group gap="xs">
            {state !== 'on' ? (
              <Button leftSection={<IconBellRinging size={16} />} onClick={() => void enable()} loading={busy} disabled={state === 'checking'}>
                Enable push on this device
              </Button>
            ) : (
              <>
                <Button variant="light" leftSection={<IconSend size={16} />} onClick={() => void test()} loading={busy}>
                  Send test push
                </Button>
                <Button variant="default" leftSection={<IconBellX size={16} />} onClick={() => void disable()} disabled={busy}>
                  Disable
                </Button>
              </>
            )}
          </Group>
        )}
        {notice && (
          <Text size="sm" c={notice.ok ? 'green' : 'red'} role={notice.ok ? 'status' : 'alert'}>
            {notice.text}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
