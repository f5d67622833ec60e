import { Alert, Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconFileOff, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/client';

export function LoadingState({ text }: { text: string }) {
  return (
    <Center py={48}>
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text c="dimmed">{text}</Text>
      </Group>
    </Center>
  );
}

export function ErrorState({ text, onRetry }: { text: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" title={text}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('states.checkConnection')}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry}>
            {t('states.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

export function EmptyBlock({ icon, title, description, action }: { icon: ReactNode; title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <Center py={40} px="md">
      <Stack align="center" gap="xs" maw={420}>
        <ThemeIcon size={56} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Text fw={700} fz="lg" ta="center" mt="xs">
          {title}
        </Text>
        {description && (
          <Text c="dimmed" ta="center" size="sm">
            {description}
          </Text>
        )}
        {action && <div style={{ marginTop: 8 }}>{action}</div>}
      </Stack>
    </Center>
  );
}

/** A record the server says does not exist for this user (404: deleted, mistyped, or someone else's). */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404;
}

/** Where a missing record's page leads back to. */
export interface NotFoundTexts {
  /** 'Service record not found' */
  title: string;
  backTo: string;
  backLabel: string;
}

/** A record that does not exist: says so (no connection hint, nothing to retry) and offers a way back. */
export function NotFoundState({ title, backTo, backLabel, description }: NotFoundTexts & { description?: string }) {
  const { t } = useTranslation();
  return (
    <EmptyBlock
      icon={<IconFileOff size={28} />}
      title={title}
      description={description ?? t('states.notFoundDescription')}
      action={
        <Button component={Link} to={backTo}>
          {backLabel}
        </Button>
      }
    />
  );
}
