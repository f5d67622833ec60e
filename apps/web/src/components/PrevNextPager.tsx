import { Button, Group, Text, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PrevNextPagerProps {
  /** What is shown, read out when it changes ('page 2 of 5', 'Displaying 10 of 42 …'). */
  label: ReactNode;
  /** A second, quieter text beside the buttons. */
  aside?: ReactNode;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  mt?: MantineSpacing;
}

/** The Previous / Next bar under the shorter lists: the label on the left, the buttons on the right. */
export function PrevNextPager({ label, aside, hasPrevious, hasNext, onPrevious, onNext, mt = 'md' }: PrevNextPagerProps) {
  return (
    <Group justify="space-between" mt={mt} gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {label}
      </Text>
      <Group gap="xs" align="center">
        {aside && <Text size="sm">{aside}</Text>}
        <Button variant="default" size="xs" disabled={!hasPrevious} onClick={onPrevious}>
          Previous
        </Button>
        <Button variant="default" size="xs" disabled={!hasNext} onClick={onNext}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
