import { Button, Group, Paper, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { updateAvailable } from './service-worker';

/** "A new version is available - Reload" while a new service worker waits (issue 34). */
export default function UpdatePrompt() {
  const reload = useSyncExternalStore(updateAvailable.subscribe, updateAvailable.get, updateAvailable.get);
  const { t } = useTranslation();
  if (!reload) {
    return null;
  }
  return (
    <Paper
      role="status"
      aria-live="polite"
      shadow="md"
      withBorder
      p="sm"
      // Centred above the phone's bottom bar, as wide as its text and button (never squeezed).
      style={{
        position: 'fixed',
        left: 12,
        right: 12,
        marginInline: 'auto',
        width: 'fit-content',
        bottom: 'calc(80px + env(safe-area-inset-bottom))',
        zIndex: 400,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('connection.newVersion')}
        </Text>
        <Button size="compact-sm" onClick={reload}>
          {t('connection.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
