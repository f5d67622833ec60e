import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';

export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const big = size === 'lg';
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={big ? 40 : 32} radius="md" variant="filled" aria-hidden>
        <IconTool size={big ? 24 : 20} stroke={2} />
      </ThemeIcon>
      <Text fw={800} fz={big ? 26 : 20} lh={1} c="var(--mantine-color-text)" style={{ letterSpacing: '-0.02em' }}>
        Wrenchlog
      </Text>
    </Group>
  );
}
