import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useApi } from '../../core/context';
import { notificationApi } from './api';
import { calendarLinks } from './notification-logic';
import { CopyField } from './WebhooksSection';

/**
 * Settings > Calendar feed. The server keeps only a hash of the token, so the link can be shown
 * only when it is made: every press makes a new one and the earlier link stops working.
 */
export function CalendarSection() {
  const api = useApi();
  const [links, setLinks] = useState<ReturnType<typeof calendarLinks> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function rotate() {
    setBusy(true);
    setError(null);
    try {
      const { url } = await notificationApi.calendarToken(api);
      setLinks(calendarLinks(url, window.location.origin));
    } catch (err) {
      console.error('Getting a calendar link failed', err);
      setError('Could not get a calendar link. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card component="section" aria-label="Calendar feed">
      <Title order={2} fz="lg" mb={4}>
        Calendar feed
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Subscribe from any calendar app: one all-day event per maintenance schedule on its due or forecast date, with a reminder 7 days before.
      </Text>
      <Stack gap="sm">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          The link is private: anyone who has it sees your schedules. Getting a new link (Rotate) makes every earlier link stop working.
        </Alert>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {links && (
          <Stack gap="xs" role="status" aria-label="Your calendar links">
            <CopyField label="Calendar link (webcal)" value={links.webcal} />
            <CopyField label={`Calendar link (${links.scheme})`} value={links.web} />
          </Stack>
        )}
        <div>
          <Button variant="light" leftSection={links ? <IconRefresh size={16} /> : <IconCalendarPlus size={16} />} onClick={() => void rotate()} loading={busy}>
            {links ? 'Rotate' : 'Get calendar link'}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
