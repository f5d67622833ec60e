import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SortState } from '../lib/sort';

export function SortableTh<F extends string>({
  field,
  sort,
  onSort,
  children,
  w,
}: {
  field: F;
  sort: SortState<F>;
  onSort: (field: F) => void;
  children: ReactNode;
  w?: number | string;
}) {
  const active = sort.field === field;
  const Icon = active ? (sort.direction === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th w={w} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'} style={{ whiteSpace: 'nowrap' }}>
      <UnstyledButton onClick={() => onSort(field)} style={{ width: '100%' }}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm" c={active ? 'var(--mantine-color-text)' : 'gray.7'}>
            {children}
          </Text>
          <Icon size={14} stroke={2} color={active ? 'var(--mantine-color-brand-7)' : 'var(--mantine-color-gray-5)'} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
