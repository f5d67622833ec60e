import { Box, Button, Group, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { SearchBox } from '../../components/SearchBox';
import { SortableTh } from '../../components/SortableTh';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { nextSort, sortItems, type SortState } from '../../lib/sort';
import classes from './history.module.css';
import { Pager } from '../../components/Pager';
import { useTranslation } from 'react-i18next';
import './i18n';

export interface HistoryColumn<T> {
  key: string;
  label: string;
  value: (row: T) => unknown;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
  /** A price, cost or total: left out for a role that sees no money (issue 32). */
  money?: boolean;
}

export interface HistoryTableProps<T extends { id: number }> {
  rows: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  columns: HistoryColumn<T>[];
  pageSize: number;
  loadingText: string;
  errorText: string;
  emptyText: string;
  emptyIcon: ReactNode;
  filter?: { placeholder: string; value: (row: T) => string };
  /** What a column means, under the list when it has rows. */
  note?: string;
  /** A phone: tighter cells, so the columns fit its width. */
  compact?: boolean;
  /** Absent: the role may not add this kind of record (issue 32), so no Add New. */
  onAdd?: () => void;
  selectedId: number | null;
  onSelect: (row: T | null) => void;
  preview?: ReactNode;
  /** More rows on the server than loaded (the lists load a page at a time): offers "Load more". */
  more?: { loaded: number; total: number; loading: boolean; onLoadMore: () => void };
}

/** Pages a list into `size` rows; the page is clamped to 1..total. */
export function paginate<T>(rows: T[], page: number, size: number): { items: T[]; page: number; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), totalPages);
  return { items: rows.slice((current - 1) * size, current * size), page: current, totalPages };
}

/**
 * One history tab: 'Add New', an optional filter, sortable columns (date descending first; a new
 * column starts descending), Previous/Next paging, "Load more" while the server has older records
 * (filter and sort apply to the records loaded), and a read-only preview under the list, which
 * is greyed out while the preview is open.
 */
export function HistoryTable<T extends { id: number }>(props: HistoryTableProps<T>) {
  const { rows, columns, pageSize, filter, selectedId } = props;
  const [sort, setSort] = useState<SortState<string>>({ field: columns[0].key, direction: 'desc' });
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const { t } = useTranslation('history');

  const sorted = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const found = filter && needle ? (rows ?? []).filter((r) => filter.value(r).toLowerCase().includes(needle)) : (rows ?? []);
    const byKey = Object.fromEntries(columns.map((c) => [c.key, c]));
    return sortItems(found, sort, (row, field) => byKey[field].value(row));
  }, [rows, query, sort, columns, filter]);
  const paged = paginate(sorted, page, pageSize);
  const open = selectedId !== null;

  let body: ReactNode;
  if (props.isPending) {
    body = <LoadingState text={props.loadingText} />;
  } else if (props.isError) {
    body = <ErrorState text={props.errorText} onRetry={props.onRetry} />;
  } else if ((rows ?? []).length === 0) {
    body = <EmptyBlock icon={props.emptyIcon} title={props.emptyText} description={t('table.emptyDescription')} />;
  } else if (sorted.length === 0) {
    body = (
      <>
        <Text c="dimmed" ta="center" py="xl">
          {t('table.noMatch', { query })}
        </Text>
        <LoadMore more={props.more} />
      </>
    );
  } else {
    body = (
      <>
        {/* Fits a 390 px phone inside the page and card padding (318 px); wider tables scroll sideways. */}
        <Table.ScrollContainer minWidth={300}>
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing={props.compact ? 6 : undefined} fz={props.compact ? 'sm' : undefined}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <SortableTh key={c.key} field={c.key} sort={sort} onSort={(f) => setSort((s) => nextSort(s, f, 'desc'))}>
                    {c.label}
                  </SortableTh>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {paged.items.map((row) => (
                <Table.Tr
                  key={row.id}
                  className={classes.row}
                  onClick={() => props.onSelect(row)}
                  bg={row.id === selectedId ? 'var(--mantine-color-brand-0)' : undefined}
                  tabIndex={0}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      props.onSelect(row);
                    }
                  }}
                >
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={c.align}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Pager mt="sm" page={paged.page - 1} totalPages={paged.totalPages} onPage={(index) => setPage(index + 1)} />
        <LoadMore more={props.more} />
        {props.note && (
          <Text size="xs" c="dimmed" mt="sm">
            {props.note}
          </Text>
        )}
      </>
    );
  }

  return (
    <Box>
      <Group justify="space-between" mb="md" gap="sm">
        {filter ? (
          <SearchBox
            value={query}
            onChange={(v) => {
              // A new filter starts again at page 1.
              setQuery(v);
              setPage(1);
            }}
            placeholder={filter.placeholder}
            w={{ base: '100%', sm: 260 }}
          />
        ) : (
          <span />
        )}
        {props.onAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={props.onAdd} size="sm">
            {t('table.add')}
          </Button>
        )}
      </Group>
      <Box className={open ? classes.dimmed : undefined} aria-hidden={open || undefined}>
        {body}
      </Box>
      {props.preview}
    </Box>
  );
}

/** "Showing 50 of 502" and a button that loads the next older records. */
function LoadMore({ more }: { more: HistoryTableProps<{ id: number }>['more'] }) {
  const { t } = useTranslation('history');
  if (!more) {
    return null;
  }
  return (
    <Group justify="center" gap="sm" mt="md">
      <Text size="sm" c="dimmed">
        {t('table.showing', { loaded: more.loaded, total: more.total })}
      </Text>
      <Button variant="default" size="xs" loading={more.loading} onClick={more.onLoadMore}>
        {t('table.loadMore')}
      </Button>
    </Group>
  );
}
