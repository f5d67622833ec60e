import { Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useApi } from '../../core/context';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { formatDate, formatDateTime } from '../../lib/format';
import { analyticsApi, analyticsKeys, type PageView, type PageViewQuery } from './analytics-api';
import {
  ANALYTICS_DEFAULTS,
  analyticsMessage,
  boundPage,
  clientPageCount,
  dailyTotals,
  displayingText,
  pageRows,
  parseCount,
  referrerText,
  topPages,
} from './analytics-logic';
import { Pager } from '../../components/Pager';
import { useTranslation } from 'react-i18next';
import './i18n';
import { pageLabel } from '../../lib/paging';

const DailyViewsChart = lazy(() => import('./DailyViewsChart'));

function DailyViews() {
  const api = useApi();
  const days = ANALYTICS_DEFAULTS.chartDays;
  const { t } = useTranslation('analytics');
  const daily = useQuery({ queryKey: analyticsKeys.daily(days), queryFn: () => analyticsApi.daily(api, days) });
  let body;
  if (daily.isPending) {
    body = <LoadingState text={t('daily.loading')} />;
  } else if (daily.isError) {
    body = <ErrorState text={t('daily.failed')} onRetry={() => void daily.refetch()} />;
  } else {
    const totals = dailyTotals(daily.data, days, new Date());
    const sum = totals.reduce((n, d) => n + d.views, 0);
    if (sum === 0) {
      body = <EmptyBlock icon={<IconChartBar size={28} />} title={t('daily.emptyTitle')} description={t('daily.emptyText')} />;
    } else {
      const busiest = totals.reduce((a, b) => (b.views > a.views ? b : a));
      const top = topPages(daily.data, 3);
      body = (
        <Stack gap="xs">
          <Text size="sm" aria-live="polite">
            {t('daily.summary', { sum, days, day: formatDate(busiest.day), views: busiest.views })}
          </Text>
          <Suspense fallback={<LoadingState text={t('daily.loadingChart')} />}>
            <DailyViewsChart data={totals} />
          </Suspense>
          <Text size="sm" c="dimmed">
            {t('daily.topPages', { pages: top.map((p) => `${p.page} (${p.views})`).join(', ') })}
          </Text>
        </Stack>
      );
    }
  }
  return (
    <Card component="section" aria-label={t('daily.label')}>
      <Title order={3} fz="md" mb="sm">
        {t('daily.title', { days })}
      </Title>
      {body}
    </Card>
  );
}

function ViewsTable({ rows, onPage }: { rows: PageView[]; onPage: (page: string) => void }) {
  const { t } = useTranslation('analytics');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" striped aria-label={t('table.label')} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.id')}</Table.Th>
            <Table.Th>{t('table.page')}</Table.Th>
            <Table.Th>{t('table.referrer')}</Table.Th>
            <Table.Th>{t('table.userAgent')}</Table.Th>
            <Table.Th>{t('table.ip')}</Table.Th>
            <Table.Th>{t('table.timestamp')}</Table.Th>
            <Table.Th>{t('table.country')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>{v.id}</Table.Td>
              <Table.Td>
                <UnstyledButton
                  onClick={() => onPage(v.page)}
                  title={t('table.usePath')}
                  c="brand.8"
                  fz="sm"
                  fw={600}
                  style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
                >
                  {v.page}
                </UnstyledButton>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere', maxWidth: 200 }}>{referrerText(v.referrer)}</Table.Td>
              <Table.Td>
                <Text size="xs" lineClamp={2} maw={260} title={v.userAgent ?? undefined}>
                  {v.userAgent || t('na')}
                </Text>
              </Table.Td>
              <Table.Td>{v.ipAddress}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} title={v.timestamp}>
                {formatDateTime(v.timestamp)}
              </Table.Td>
              <Table.Td>{v.country}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The Analytics tab of Settings (admins only): Page Analytics. */
export default function AnalyticsTab() {
  const api = useApi();
  const [path, setPath] = useState<string>(ANALYTICS_DEFAULTS.page);
  const [pageCount, setPageCount] = useState(String(ANALYTICS_DEFAULTS.byPageCount));
  const [recentCount, setRecentCount] = useState(String(ANALYTICS_DEFAULTS.recentCount));
  // The most recent views across all pages show first; the by-page query replaces them on request.
  const [query, setQuery] = useState<PageViewQuery>({ kind: 'recent', count: ANALYTICS_DEFAULTS.recentCount });
  const [page, setPage] = useState(1);
  const { t } = useTranslation('analytics');
  const views = useQuery({ queryKey: analyticsKeys.views(query), queryFn: () => analyticsApi.views(api, query), placeholderData: keepPreviousData });

  const byPageCount = parseCount(pageCount);
  const recentN = parseCount(recentCount);
  const countError = t('countError');
  const show = (q: PageViewQuery) => {
    setPage(1);
    if (JSON.stringify(q) === JSON.stringify(query)) {
      void views.refetch();
    } else {
      setQuery(q);
    }
  };
  const submitByPage = (e: FormEvent) => {
    e.preventDefault();
    if (byPageCount !== null && path.trim()) {
      show({ kind: 'by-page', page: path.trim(), count: byPageCount });
    }
  };
  const submitRecent = (e: FormEvent) => {
    e.preventDefault();
    if (recentN !== null) {
      show({ kind: 'recent', count: recentN });
    }
  };

  const rows = views.data ?? [];
  const pages = clientPageCount(rows.length);
  const current = boundPage(page, pages);
  const shown = pageRows(rows, current);
  const failure = query.kind === 'by-page' ? analyticsMessage('byPage') : analyticsMessage('recent');

  return (
    <Stack gap="lg">
      <Title order={2} fz="xl">
        {t('title')}
      </Title>
      <DailyViews />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card component="form" onSubmit={submitByPage} aria-label={t('byPage.label')} noValidate>
          <Title order={3} fz="md" mb="sm">
            {t('byPage.label')}
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('byPage.path')}
              value={path}
              onChange={(e) => setPath(e.currentTarget.value)}
              error={path.trim() ? null : t('byPage.pathRequired')}
              style={{ flex: '1 1 180px' }}
            />
            <TextInput
              label={t('byPage.records')}
              inputMode="numeric"
              value={pageCount}
              onChange={(e) => setPageCount(e.currentTarget.value)}
              error={byPageCount === null ? countError : null}
              w={110}
            />
          </Group>
          <Button type="submit" mt="sm" disabled={byPageCount === null || !path.trim()}>
            {t('byPage.load')}
          </Button>
        </Card>
        <Card component="form" onSubmit={submitRecent} aria-label={t('recent.label')} noValidate>
          <Title order={3} fz="md" mb="sm">
            {t('recent.title')}
          </Title>
          <TextInput
            label={t('recent.records')}
            inputMode="numeric"
            value={recentCount}
            onChange={(e) => setRecentCount(e.currentTarget.value)}
            error={recentN === null ? countError : null}
            w={110}
          />
          <Button type="submit" mt="sm" disabled={recentN === null}>
            {t('recent.load')}
          </Button>
        </Card>
      </SimpleGrid>
      <Card component="section" aria-label={t('records.label')}>
        <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
          <Title order={3} fz="md">
            {query.kind === 'by-page' ? t('records.of', { page: query.page }) : t('records.recent')}
          </Title>
          {views.data && (
            <Text size="sm" c="dimmed">
              {t('records.fetched', { n: rows.length })}
            </Text>
          )}
        </Group>
        {views.isPending ? (
          <LoadingState text={t('records.loading')} />
        ) : views.isError ? (
          <ErrorState text={failure} onRetry={() => void views.refetch()} />
        ) : rows.length === 0 ? (
          <Text c="dimmed" py="md">
            {analyticsMessage('empty')}
          </Text>
        ) : (
          <>
            <ViewsTable rows={shown} onPage={setPath} />
            <Pager
              page={current - 1}
              totalPages={pages}
              label={() => displayingText(shown.length, rows.length)}
              aside={pageLabel({ number: current, pages })}
              onPage={(index) => setPage(index + 1)}
            />
          </>
        )}
      </Card>
    </Stack>
  );
}
