import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';

/**
 * The first `step` items of a long list, and more on request: a fleet of a thousand machines
 * appears at once instead of after every row has rendered. A new list (search, sort) starts over.
 */
export function useShownItems<T>(items: T[], step = 100) {
  const [count, setCount] = useState(step);
  const [source, setSource] = useState(items);
  if (source !== items) {
    // Adjusting state while rendering when the list changes (react.dev, "you might not need an effect").
    setSource(items);
    setCount(step);
  }
  return {
    shown: items.length > count ? items.slice(0, count) : items,
    hidden: Math.max(0, items.length - count),
    showMore: () => setCount((c) => c + step),
    step,
  };
}

export function ShowMoreButton({ hidden, step, showMore }: { hidden: number; step: number; showMore: () => void }) {
  const { t } = useTranslation();
  if (hidden === 0) {
    return null;
  }
  return (
    <Group justify="center" gap="sm" mt="md">
      <Text size="sm" c="dimmed">
        {t('showMore.hidden', { count: hidden })}
      </Text>
      <Button variant="default" size="xs" onClick={showMore}>
        {t('showMore.show', { count: Math.min(step, hidden) })}
      </Button>
    </Group>
  );
}
