import { Button, Group, NativeSelect, Text, type MantineSpacing } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageLabel, pagerState, type PagerState } from '../lib/paging';

export interface PagerProps {
  /** The page index (0-based); kept in bounds before it is shown. */
  page: number;
  totalPages: number | null | undefined;
  /** Called with the page to show (0-based, in bounds). */
  onPage: (page: number) => void;
  /** What is shown, read out when it changes; 'Page X of Y' unless given. */
  label?: (state: PagerState) => ReactNode;
  /** A second, quieter text beside the buttons. */
  aside?: ReactNode;
  /** The 'Items per page' selector, with a note beside it (the record count). */
  pageSize?: { id: string; value: number; options: readonly number[]; onChange: (size: number) => void; note?: ReactNode };
  mt?: MantineSpacing;
  testId?: string;
}

/** The one pager of the app's lists: the label, Previous and Next (disabled at the ends), and an optional page size. */
export function Pager({ page, totalPages, onPage, label = pageLabel, aside, pageSize, mt = 'md', testId }: PagerProps) {
  const { t } = useTranslation();
  const state = pagerState(page, totalPages);
  const text = (
    <Text
      size="sm"
      c={pageSize ? undefined : 'dimmed'}
      fw={pageSize ? 500 : undefined}
      aria-live="polite"
      data-testid="page-label"
      style={pageSize ? { whiteSpace: 'nowrap' } : undefined}
    >
      {label(state)}
    </Text>
  );
  const previous = (
    <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} />} disabled={!state.hasPrevious} onClick={() => onPage(state.page - 1)}>
      {t('pager.previous')}
    </Button>
  );
  const next = (
    <Button variant="default" size="xs" rightSection={<IconChevronRight size={14} />} disabled={!state.hasNext} onClick={() => onPage(state.page + 1)}>
      {t('pager.next')}
    </Button>
  );
  if (pageSize) {
    // With a page size the label sits between the buttons, the selector on the left.
    return (
      <Group justify="space-between" align="center" gap="sm" mt={mt} wrap="wrap" data-testid={testId}>
        <Group gap="xs" wrap="nowrap">
          <Text component="label" htmlFor={pageSize.id} size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {t('pager.itemsPerPage')}
          </Text>
          <NativeSelect
            id={pageSize.id}
            data={pageSize.options.map(String)}
            value={String(pageSize.value)}
            onChange={(e) => pageSize.onChange(Number(e.currentTarget.value))}
            size="xs"
            w={76}
          />
          {pageSize.note && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {pageSize.note}
            </Text>
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {previous}
          {text}
          {next}
        </Group>
      </Group>
    );
  }
  return (
    <Group justify="space-between" mt={mt} gap="sm" data-testid={testId}>
      {text}
      <Group gap="xs" align="center">
        {aside && <Text size="sm">{aside}</Text>}
        {previous}
        {next}
      </Group>
    </Group>
  );
}
