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
  recordStatusLabel,
  recentRecordsPath,
  SEARCH_DEBOUNCE_MS,
  STATUS_FILTERS,
  toggleStatus,
  type RecordListParams,
  type ServiceSortField,
} from './service-record-list';
import { RecordCards, RecordPager, RecordSortBar, RecordTable } from './ServiceRecordList';
import { serviceRecordListKeys, serviceRecordListApi } from './service-records-api';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import './i18n';

/** Why the filtered list is empty: the search, the status, or both. */
function noMatchText(t: TFunction<'serviceRecords'>, { q, status }: Pick<RecordListParams, 'q' | 'status'>): string {
  if (q && status) {
    return t('noMatch.both', { q, status: recordStatusLabel(status) });
  }
  if (q) {
    return t('noMatch.query', { q });
  }
  return status ? t('noMatch.status', { status: recordStatusLabel(status) }) : t('noMatch.any');
}

/**
 * Recent Machine Services (spec doc 1 sections 2, 4 and 9). Search, status filter, sort and paging
 * all run on the server (GET /api/services/recent), so they cover every record, not just one page.
 * The list reloads on every filter, page, page-size change and on reset. The address holds that
 * state (listParamsToUrl), so Back from a record and a reload show the same list.
 */
export default function ServiceRecordListPage() {
  const api = useApi();
  const { t } = useTranslation('serviceRecords');
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
    body = <LoadingState text={t('loading')} />;
  } else if (query.isError) {
    body = <ErrorState text={t('failed')} onRetry={() => void query.refetch()} />;
  } else if (!data || data.totalElements === 0) {
    body = filtered ? (
      <EmptyBlock
        icon={<IconSearchOff size={28} />}
        title={t('noMatch.title')}
        description={noMatchText(t, params)}
        action={
          <Button variant="default" leftSection={<IconRestore size={16} />} onClick={reset}>
            {t('noMatch.clear')}
          </Button>
        }
      />
    ) : (
      <EmptyBlock
        icon={<IconTool size={30} />}
        title={t('empty.title')}
        description={t('empty.description')}
        action={
          <Button component={Link} to="/fast-create" leftSection={<IconPlus size={18} />}>
            {t('empty.add')}
          </Button>
        }
      />
    );
  } else if (data.content.length === 0) {
    // The page asked for is past the end (records were removed meanwhile).
    body = (
      <EmptyBlock
        icon={<IconSearchOff size={28} />}
        title={t('pastEnd.title')}
        description={t('pastEnd.description')}
        action={
          <Button variant="default" onClick={() => update({ page: 0 })}>
            {t('pastEnd.first')}
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
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <Card padding={desktop ? 'lg' : 'md'}>
        <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
          <Group gap="xs">
            <Title order={2} fz="lg">
              {t('page.listTitle')}
            </Title>
            {busy && <Loader size="xs" aria-label={t('page.refreshing')} />}
          </Group>
          <Group gap="xs" wrap={desktop ? 'nowrap' : 'wrap'} w={desktop ? undefined : '100%'}>
            <SearchBox value={search} onChange={onSearch} placeholder={t('page.search')} w={desktop ? 260 : '100%'} />
            <Menu position="bottom-end" shadow="md" width={190}>
              <Menu.Target>
                <Button
                  variant={params.status ? 'light' : 'default'}
                  leftSection={<IconFilter size={16} />}
                  rightSection={
                    params.status ? (
                      <Badge size="sm" variant="filled" tt="none">
                        {recordStatusLabel(params.status)}
                      </Badge>
                    ) : null
                  }
                >
                  {t('page.filter')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('page.status')}</Menu.Label>
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
                      {recordStatusLabel(status)}
                    </Menu.Item>
                  );
                })}
              </Menu.Dropdown>
            </Menu>
            <Button variant="default" leftSection={<IconRestore size={16} />} onClick={reset}>
              {t('page.reset')}
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
