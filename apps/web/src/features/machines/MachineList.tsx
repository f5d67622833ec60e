import { Anchor, Box, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconChevronRight, IconSearchOff, IconTruck } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MachineListItem } from '../../api/types';
import { SortableTh } from '../../components/SortableTh';
import { SortBar } from '../../components/SortBar';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { useMemo, useState } from 'react';
import { useShownItems } from '../../components/ShowMore';
import { searchable } from '../../lib/search';
import { nextSort, sortItems, type SortState } from '../../lib/sort';
import { useTranslation } from 'react-i18next';
import './i18n';

export type MachineSortField = 'name' | 'type' | 'status' | 'lastUpdated';

interface ListProps {
  machines: MachineListItem[];
  sort: SortState<MachineSortField>;
  onSort: (field: MachineSortField) => void;
  palette: 'dashboard' | 'browse';
}

/**
 * The search, sort and shown slice of a machine list (dashboard and browse): search matches any
 * field and the displayed date; a new sort field starts ascending, the active one flips.
 */
export function useMachineList(machines: MachineListItem[] | undefined, initialSort: SortState<MachineSortField>) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState(initialSort);
  const find = useMemo(() => searchable(machines ?? [], (m) => [formatDateTime(m.lastUpdated)]), [machines]);
  const rows = useMemo(() => sortItems(find(search), sort), [find, search, sort]);
  const list = useShownItems(rows);
  const onSort = (field: MachineSortField) => setSort((s) => nextSort(s, field, 'asc'));
  return { search, setSearch, sort, onSort, rows, list };
}

/** Wide screens: a table with sortable headers in the given column order. */
export function MachineTable({ machines, sort, onSort, palette, columns }: ListProps & { columns: MachineSortField[] }) {
  const { t } = useTranslation(['machines', 'common']);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <SortableTh key={c} field={c} sort={sort} onSort={onSort} w={c === 'name' ? '40%' : undefined}>
                {t(`list.columns.${c}`)}
              </SortableTh>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {machines.map((m) => (
            <Table.Tr key={m.id}>
              {columns.map((c) => (
                <Table.Td key={c}>
                  {c === 'name' ? (
                    <Anchor component={Link} to={`/machines/${m.id}`} fw={600}>
                      {m.name}
                    </Anchor>
                  ) : c === 'status' ? (
                    <StatusBadge status={m.status} palette={palette} />
                  ) : c === 'lastUpdated' ? (
                    <Text size="sm" c="gray.7">
                      {formatDateTime(m.lastUpdated)}
                    </Text>
                  ) : (
                    <Text size="sm">{m.type?.trim() || t('common:na')}</Text>
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Small screens: one card per machine, the whole card links to it. */
export function MachineCards({ machines, palette }: { machines: MachineListItem[]; palette: 'dashboard' | 'browse' }) {
  const { t } = useTranslation(['machines', 'common']);
  return (
    <Stack gap="sm">
      {machines.map((m) => (
        <Card key={m.id} component={Link} to={`/machines/${m.id}`} padding="md" withBorder style={{ textDecoration: 'none', color: 'inherit' }}>
          <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
            <Box style={{ minWidth: 0, flex: 1 }}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text fw={700} c="brand.8" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {m.name}
                </Text>
                <Box style={{ flexShrink: 0 }}>
                  <StatusBadge status={m.status} palette={palette} />
                </Box>
              </Group>
              <Text size="sm" c="dimmed" truncate mt={2}>
                {t('list.updated', { type: m.type?.trim() || t('common:na'), date: formatDateTime(m.lastUpdated) })}
              </Text>
            </Box>
            <IconChevronRight size={18} color="var(--mantine-color-gray-5)" style={{ flexShrink: 0 }} />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** What a machine list shows in place (dashboard and browse): loading, failure, no machines, no match, then the table or the cards. */
export function MachineListBody({
  query,
  machineList,
  desktop,
  palette,
  columns,
  cardSort,
  emptyDescription,
  createButton,
}: {
  query: Pick<UseQueryResult<MachineListItem[]>, 'isPending' | 'isError' | 'refetch' | 'data'>;
  machineList: ReturnType<typeof useMachineList>;
  desktop: boolean;
  palette: ListProps['palette'];
  /** The table's columns, in order. */
  columns: MachineSortField[];
  /** The sort buttons above the cards on small screens. */
  cardSort: { field: MachineSortField; label: string }[];
  emptyDescription: string;
  createButton: ReactNode;
}) {
  const { t } = useTranslation('machines');
  const { search, setSearch, sort, onSort, rows, list } = machineList;
  if (query.isPending) {
    return <LoadingState text={t('list.loading')} />;
  }
  if (query.isError) {
    return <ErrorState text={t('list.failed')} onRetry={() => void query.refetch()} />;
  }
  if ((query.data ?? []).length === 0) {
    return <EmptyBlock icon={<IconTruck size={30} />} title={t('list.empty')} description={emptyDescription} action={createButton} />;
  }
  if (rows.length === 0) {
    return (
      <EmptyBlock
        icon={<IconSearchOff size={28} />}
        title={t('list.noMatches')}
        description={t('list.noMatch', { search })}
        action={
          <Button variant="default" onClick={() => setSearch('')}>
            {t('list.clearSearch')}
          </Button>
        }
      />
    );
  }
  if (desktop) {
    return <MachineTable machines={list.shown} sort={sort} onSort={onSort} palette={palette} columns={columns} />;
  }
  return (
    <>
      <SortBar sort={sort} onSort={onSort} fields={cardSort} label={t('list.sortLabel')} />
      <div style={{ height: 12 }} />
      <MachineCards machines={list.shown} palette={palette} />
    </>
  );
}
