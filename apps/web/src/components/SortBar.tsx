import { Button, Group, Text, type MantineSpacing, type StyleProp } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { SortState } from '../lib/sort';

/** Sort controls above a list's cards on small screens: the given fields as buttons, the active one flips direction. */
export function SortBar<F extends string>({
  sort,
  onSort,
  fields,
  label,
  mb,
}: {
  sort: SortState<F>;
  onSort: (field: F) => void;
  fields: readonly { field: F; label: string }[];
  /** The group's accessible name ('Sort machines'). */
  label: string;
  mb?: StyleProp<MantineSpacing>;
}) {
  const { t } = useTranslation();
  const Arrow = sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={label} mb={mb}>
      <Text size="sm" c="dimmed" fw={500}>
        {t('sort.by')}
      </Text>
      {fields.map(({ field, label: text }) => {
        const active = sort.field === field;
        return (
          <Button
            key={field}
            size="compact-sm"
            variant={active ? 'light' : 'default'}
            onClick={() => onSort(field)}
            rightSection={active ? <Arrow size={14} /> : null}
            aria-pressed={active}
          >
            {text}
          </Button>
        );
      })}
    </Group>
  );
}
