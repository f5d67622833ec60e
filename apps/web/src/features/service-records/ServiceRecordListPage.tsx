import { Badge, Button, Card, Group, Loader, Menu, Title } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconFilter, IconPlus, IconRestore, IconSearchOff, IconTool } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from '../../core/context';
import { DESKTOP_QUERY } from '../../core/theme';
import { Page, PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import {
  DEFAULT_PARAMS,
  isFiltered,
  listParamsFromUrl,
  listParamsToUrl,
  nextRecordSort,
  recentRecordsPath,
  SEARCH_DEBOUNCE_MS,
  STATUS_FILTERS,
  toggleStatus,
  type RecordListParams,
  type ServiceSortField,
} from './service-record-list';
import { RecordCards, RecordPager, RecordSortBar, RecordTable } from './ServiceRecordList';
import { serviceRecordListKeys, serviceRecordListApi } from './service-records-api';

/**
 * Recent Machine Services (spec doc 1 sections 2, 4 and 9). Search, status filter, sort and paging
 * all run on the server (GET /api/services/recent), so they cover every record, not just one page.
 * The list reloads on every filter, page, page-size change and on reset. The address holds that
 * state (listParamsToUrl), so Back from a record and a reload show the same list.
 */
export default function ServiceRecordListPage() {
  const api = useApi();
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [url, setUrl] = useSearchParams();
  const params = listParamsFromUrl(url);
  // Each change replaces the address (no history entry per keystroke or page); Back leaves the list.
  const setParams = (next: (p: RecordListParams) => RecordListParams) =>
    setUrl((current) => listParamsToUrl(next(listParamsFromUrl(current))), { replace: true });
  const [search, setSearch] = useState(params.q);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: serviceRecordListKeys.recent(params),
    queryFn: () => serviceRecordListApi.recent(api, params),
    // Keep the current page on screen while the next one loads; always ask the server again.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const update = (change: Partial<RecordListParams>) => {
    setExpandedId(null);
    setParams((p) => ({ ...p, ...change }));
  };
  const applySearch = useDebouncedCallback((text: string) => {
    const q = text.trim();
    setParams((p) => (p.q === q ? p : { ...p, q, page: 0 }));
  }, SEARCH_DEBOUNCE_MS);
  const onSearch = (text: string) => {
    setSearch(text);
    applySearch(text);
    if (!text) {
      applySearch.flush();
    }
  };
  const onSort = (field: ServiceSortField) => update({ sort: nextRecordSort(params.sort, field), page: 0 });
  const onStatus = (status: string) => update({ status: toggleStatus(params.status, status), page: 0 });
  /** Clears filter and search, restores the default sort and page 1 (the page size stays). */
  const reset = () => {
    applySearch.cancel();
    setSearch('');
    const next = { ...DEFAULT_PARAMS, size: params.size };
    if (recentRecordsPath(next) === recentRecordsPath(params)) {
      setExpandedId(null);
      void query.refetch();
    } else {
      update(next);
    }
  };
  const onToggle = (id: number) => setExpandedId((current) => (current === id ? null : id));

  const data = query.data;
  const busy = query.isFetching && !query.isPending;
  const filtered = isFiltered(params);
  let body;
  if (query.isPending) {
    body = <LoadingState text="Loading services..." />;
  } else if (query.isError) {
    body = <ErrorState text="Failed to load services" onRetry={() => void query.refetch()} />;
  } else if (!data || data.totalElements === 0) {
    body = filtered ? (
      <EmptyBlock
        icon={<IconSearchOff size={28} />}
        title="No matching service records"
        description={
          <>
            No service record matches
            {params.q ? ` “${params.q}”` : ''}
            {params.q && params.status ? ' with' : ''}
            {params.status ? ` status ${params.status}` : ''}.
          </>
        }
        action={
          <Button variant="default" leftSection={<IconRestore size={16} />} onClick={reset}>
            Clear search and filter
          </Button>
        }
      />
    ) : (
      <EmptyBlock
        icon={<IconTool size={30} />}
        title="No service records yet"
        description="Service records you add for your machines show up here, newest first."
        action={
          <Button component={Link} to="/fast-create" leftSection={<IconPlus size={18} />}>
            Add a service record
          </Button>
        }
      />
    );
  } else if (data.content.length === 0) {
    // The page asked for is past the end (records were removed meanwhile).
    body = (
      <EmptyBlock
        icon={<IconSearchOff size={28} />}
        title="Nothing on this page"
        description="The list got shorter since this page was opened."
        action={
          <Button variant="default" onClick={() => update({ page: 0 })}>
            Go to page 1
          </Button>
        }
      />
    );
  } else if (desktop) {
    body = <RecordTable records={data.content} expandedId={expandedId} onToggle={onToggle} busy={busy} sort={params.sort} onSort={onSort} />;
  } else {
    body = (
      <>
        <RecordSortBar sort={params.sort} onSort={onSort} />
        <RecordCards records={data.content} expandedId={expandedId} onToggle={onToggle} busy={busy} />
      </>
    );
  }

  return (
    <Page>
      <PageHeader title="Recent Machine Services" description="Every service record across your machines." />
      <Card padding={desktop ? 'lg' : 'md'}>
        <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
          <Group gap="xs">
            <Title order={2} fz="lg">
              Service list
            </Title>
            {busy && <Loader size="xs" aria-label="Refreshing" />}
          </Group>
          <Group gap="xs" wrap={desktop ? 'nowrap' : 'wrap'} w={desktop ? undefined : '100%'}>
            <SearchBox value={search} onChange={onSearch} placeholder="Search services..." w={desktop ? 260 : '100%'} />
            <Menu position="bottom-end" shadow="md" width={190}>
              <Menu.Target>
                <Button
                  variant={params.status ? 'light' : 'default'}
                  leftSection={<IconFilter size={16} />}
                  rightSection={
                    params.status ? (
                      <Badge size="sm" variant="filled" tt="none">
                        {params.status}
                      </Badge>
                    ) : null
                  }
                >
                  Filter
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>Status</Menu.Label>
                {STATUS_FILTERS.map((status) => {
                  const active = params.status === status;
                  return (
                    <Menu.Item
                      key={status}
                      onClick={() => onStatus(status)}
                      leftSection={<IconCheck size={14} style={{ visibility: active ? 'visible' : 'hidden' }} />}
                      aria-current={active ? 'true' : undefined}
                      fw={active ? 700 : undefined}
                    >
                      {status}
                    </Menu.Item>
                  );
                })}
              </Menu.Dropdown>
            </Menu>
            <Button variant="default" leftSection={<IconRestore size={16} />} onClick={reset}>
              Reset
            </Button>
          </Group>
        </Group>
        {body}
        {data && !query.isError && data.totalElements > 0 && (
          <RecordPager
            page={params.page}
            totalPages={data.totalPages}
            size={params.size}
            total={data.totalElements}
            onPage={(page) => update({ page })}
            onSize={(size) => update({ size, page: 0 })}
          />
        )}
      </Card>
    </Page>
  );
}
