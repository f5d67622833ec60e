import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb="lg" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 24, md: 30 }} lh={1.2}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}

/** Page body width and padding shared by the signed-in screens. */
export function Page({ children }: { children: ReactNode }) {
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: 'var(--page-padding, 24px)' }} className="wl-page">
      {children}
    </div>
  );
}
