import { Button, Card, Group, SimpleGrid, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useApi } from '../../core/context';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { analyticsApi, analyticsKeys, type PageView, type PageViewQuery } from './analytics-api';
import {
  ANALYTICS_DEFAULTS,
  ANALYTICS_MESSAGES,
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

const DailyViewsChart = lazy(() => import('./DailyViewsChart'));

function DailyViews() {
  const api = useApi();
  const days = ANALYTICS_DEFAULTS.chartDays;
  const daily = useQuery({ queryKey: analyticsKeys.daily(days), queryFn: () => analyticsApi.daily(api, days) });
  let body;
  if (daily.isPending) {
    body = <LoadingState text="Loading daily views..." />;
  } else if (daily.isError) {
    body = <ErrorState text="Failed to load daily page views." onRetry={() => void daily.refetch()} />;
  } else {
    const totals = dailyTotals(daily.data, days, new Date());
    const sum = totals.reduce((n, d) => n + d.views, 0);
    if (sum === 0) {
      body = (
        <EmptyBlock
          icon={<IconChartBar size={28} />}
          title="No daily counts yet"
          description="Daily counts come from the Daily Analytics Aggregation job. Run it in the Admin tab to count the page views recorded so far."
        />
      );
    } else {
      const busiest = totals.reduce((a, b) => (b.views > a.views ? b : a));
      const top = topPages(daily.data, 3);
      body = (
        <Stack gap="xs">
          <Text size="sm" aria-live="polite">
            {sum} views in the last {days} days; busiest day {busiest.day} with {busiest.views}.
          </Text>
          <Suspense fallback={<LoadingState text="Loading chart..." />}>
            <DailyViewsChart data={totals} />
          </Suspense>
          <Text size="sm" c="dimmed">
            Top pages: {top.map((p) => `${p.page} (${p.views})`).join(', ')}
          </Text>
        </Stack>
      );
    }
  }
  return (
    <Card component="section" aria-label="Views per day">
      <Title order={3} fz="md" mb="sm">
        Views per day (last {days} days, UTC)
      </Title>
      {body}
    </Card>
  );
}

function ViewsTable({ rows, onPage }: { rows: PageView[]; onPage: (page: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" striped aria-label="Page views" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Page</Table.Th>
            <Table.Th>Referrer</Table.Th>
            <Table.Th>User Agent</Table.Th>
            <Table.Th>IP Address</Table.Th>
            <Table.Th>Timestamp</Table.Th>
            <Table.Th>Country</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>{v.id}</Table.Td>
              <Table.Td>
                <UnstyledButton
                  onClick={() => onPage(v.page)}
                  title="Use this page path"
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
                  {v.userAgent || 'N/A'}
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
  const views = useQuery({ queryKey: analyticsKeys.views(query), queryFn: () => analyticsApi.views(api, query), placeholderData: keepPreviousData });

  const byPageCount = parseCount(pageCount);
  const recentN = parseCount(recentCount);
  const countError = 'Enter a whole number from 1 to 1000';
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
  const failure = query.kind === 'by-page' ? ANALYTICS_MESSAGES.byPage : ANALYTICS_MESSAGES.recent;

  return (
    <Stack gap="lg">
      <Title order={2} fz="xl">
        Page Analytics
      </Title>
      <DailyViews />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card component="form" onSubmit={submitByPage} aria-label="Views by page" noValidate>
          <Title order={3} fz="md" mb="sm">
            Views by page
          </Title>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Page path"
              value={path}
              onChange={(e) => setPath(e.currentTarget.value)}
              error={path.trim() ? null : 'Enter a page path'}
              style={{ flex: '1 1 180px' }}
            />
            <TextInput
              label="Records"
              inputMode="numeric"
              value={pageCount}
              onChange={(e) => setPageCount(e.currentTarget.value)}
              error={byPageCount === null ? countError : null}
              w={110}
            />
          </Group>
          <Button type="submit" mt="sm" disabled={byPageCount === null || !path.trim()}>
            Load by Page
          </Button>
        </Card>
        <Card component="form" onSubmit={submitRecent} aria-label="Recent views" noValidate>
          <Title order={3} fz="md" mb="sm">
            Recent views, all pages
          </Title>
          <TextInput
            label="Records"
            inputMode="numeric"
            value={recentCount}
            onChange={(e) => setRecentCount(e.currentTarget.value)}
            error={recentN === null ? countError : null}
            w={110}
          />
          <Button type="submit" mt="sm" disabled={recentN === null}>
            Load Recent
          </Button>
        </Card>
      </SimpleGrid>
      <Card component="section" aria-label="Page view records">
        <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
          <Title order={3} fz="md">
            {query.kind === 'by-page' ? `Views of ${query.page}` : 'Most recent views'}
          </Title>
          {views.data && (
            <Text size="sm" c="dimmed">
              {rows.length} records fetched
            </Text>
          )}
        </Group>
        {views.isPending ? (
          <LoadingState text="Loading page views..." />
        ) : views.isError ? (
          <ErrorState text={failure} onRetry={() => void views.refetch()} />
        ) : rows.length === 0 ? (
          <Text c="dimmed" py="md">
            {ANALYTICS_MESSAGES.empty}
          </Text>
        ) : (
          <>
            <ViewsTable rows={shown} onPage={setPath} />
            <Pager
              page={current - 1}
              totalPages={pages}
              label={() => displayingText(shown.length, rows.length)}
              aside={`Page ${current} of ${pages}`}
              onPage={(index) => setPage(index + 1)}
            />
          </>
        )}
      </Card>
    </Stack>
  );
}
