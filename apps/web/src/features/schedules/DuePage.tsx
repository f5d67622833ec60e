import { DueInspections } from '../inspections/DueInspections';
import { Anchor, Button, Card, Chip, Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconTool } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ScheduleStatus } from '@wrenchlog/contracts';
import { ScheduleLimits } from '@wrenchlog/contracts/limits';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from '../../core/context';
import { useRights } from '../../core/rights';
import { machineKeys, machinesApi } from '../../api/machines';
import { Page, PageHeader } from '../../components/PageHeader';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { ScheduleCard } from './SchedulesTab';
import { scheduleApi, scheduleKeys } from './schedule-api';
import { groupByPeriod, parseStatuses, STATUS_LABEL, type Period } from './schedule-logic';

type View = 'list' | Period;
const STATUSES: ScheduleStatus[] = ['overdue', 'due_soon', 'upcoming'];

/**
 * The fleet's Due page: every schedule of every machine, most urgent first, filtered by status and
 * machine type (kept in the URL: ?status=overdue,due_soon&type=Tractor&view=week), as a list or
 * grouped by the week or month of its forecast date.
 */
export default function DuePage() {
  const api = useApi();
  const [params, setParams] = useSearchParams();
  const statuses = parseStatuses(params.get('status'));
  const type = params.get('type') ?? '';
  const viewParam = params.get('view');
  const view: View = viewParam === 'week' || viewParam === 'month' ? viewParam : 'list';
  const machines = useQuery({ queryKey: machineKeys.list(), queryFn: () => machinesApi.all(api) });
  const types = useMemo(
    () => [...new Set((machines.data ?? []).map((m) => m.type?.trim() ?? '').filter(Boolean))].sort((a, b) => a.localeCompare(b)),
    [machines.data],
  );
  // The calendar views group what is loaded, so they load bigger pages.
  const size = view === 'list' ? ScheduleLimits.pageSize : 100;
  const query = useInfiniteQuery({
    queryKey: [...scheduleKeys.fleet(statuses, type), 'pages', size],
    queryFn: ({ pageParam }) => scheduleApi.fleet(api, statuses, type, pageParam, size),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.number + 1 < last.totalPages ? last.number + 1 : undefined),
    staleTime: 0,
  });

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) {
        next.set(k, v);
      } else {
        next.delete(k);
      }
    }
    setParams(next, { replace: true });
  };

  // "Log service" opens the service record form for the machine with the schedule ticked (issue 38).
  const mayLog = useRights().may('record.write');
  const schedules = query.data?.pages.flatMap((p) => p.content) ?? [];
  const total = query.data?.pages[0]?.totalElements ?? 0;
  const card = (s: (typeof schedules)[number]) => (
    <ScheduleCard
      key={s.id}
      schedule={s}
      actions={
        mayLog &&
        s.origin === 'user' &&
        !s.done && (
          <Button
            component={Link}
            to={`/service-record?machineId=${s.machineId}&mode=full&schedule=${s.id}`}
            size="compact-sm"
            variant="light"
            leftSection={<IconTool size={14} />}
            aria-label={`Log service: ${s.title}, ${s.machineName ?? `Machine ${s.machineId}`}`}
            style={{ flexShrink: 0 }}
          >
            Log service
          </Button>
        )
      }
      machineLink={
        <Anchor component={Link} to={`/machines/${s.machineId}?tab=schedules`} size="sm">
          {s.machineName ?? `Machine ${s.machineId}`}
          {s.machineType ? ` · ${s.machineType}` : ''}
        </Anchor>
      }
    />
  );

  let body;
  if (query.isPending) {
    body = <LoadingState text="Loading schedules..." />;
  } else if (query.isError) {
    body = <ErrorState text="Failed to load schedules" onRetry={() => void query.refetch()} />;
  } else if (schedules.length === 0) {
    body = (
      <EmptyBlock
        icon={<IconCalendarCheck size={28} />}
        title="Nothing here"
        description="No schedule matches these filters. Add schedules on a machine's Schedules tab."
      />
    );
  } else if (view === 'list') {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Due schedules">
        {schedules.map(card)}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="lg">
        {groupByPeriod(schedules, view).map((g) => (
          <section key={g.key} aria-label={g.label}>
            <Title order={3} fz="md" mb="xs">
              {g.label}{' '}
              <Text span c="dimmed" fz="sm">
                ({g.items.length})
              </Text>
            </Title>
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {g.items.map(card)}
            </Stack>
          </section>
        ))}
      </Stack>
    );
  }

  return (
    <Page>
      <PageHeader title="Due" description="Maintenance schedules of every machine, most urgent first." />
      <Card padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
            <Chip.Group
              multiple
              value={statuses}
              onChange={(v) => update({ status: v.length > 0 && v.length < STATUSES.length ? STATUSES.filter((s) => v.includes(s)).join(',') : null })}
            >
              <Group gap="xs" role="group" aria-label="Status">
                {STATUSES.map((s) => (
                  <Chip key={s} value={s} size="sm">
                    {STATUS_LABEL[s]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Group gap="sm" wrap="wrap" align="flex-end">
              <NativeSelect
                label="Machine type"
                data={[{ value: '', label: 'All types' }, ...types.map((t) => ({ value: t, label: t }))]}
                value={type}
                onChange={(e) => update({ type: e.currentTarget.value || null })}
                w={180}
              />
              <SegmentedControl
                aria-label="View"
                value={view}
                onChange={(v) => update({ view: v === 'list' ? null : v })}
                data={[
                  { value: 'list', label: 'List' },
                  { value: 'week', label: 'By week' },
                  { value: 'month', label: 'By month' },
                ]}
              />
            </Group>
          </Group>
          {!query.isPending && !query.isError && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {total} {total === 1 ? 'schedule' : 'schedules'}
            </Text>
          )}
          {body}
          {query.hasNextPage && (
            <Group justify="center">
              <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                Load more
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
      <DueInspections />
    </Page>
  );
}
