import { Button, Card, Group, Skeleton, Text } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApi } from '../../core/context';
import { scheduleApi, scheduleKeys } from './schedule-api';

/** The dashboard's Due soon / Overdue counts, each linking to the Due page filtered to it. */
export function DueSummary() {
  const api = useApi();
  const overdue = useQuery({
    queryKey: [...scheduleKeys.fleet(['overdue'], ''), 'count'],
    queryFn: () => scheduleApi.fleet(api, ['overdue'], '', 0, 1),
    staleTime: 0,
  });
  const soon = useQuery({
    queryKey: [...scheduleKeys.fleet(['due_soon'], ''), 'count'],
    queryFn: () => scheduleApi.fleet(api, ['due_soon'], '', 0, 1),
    staleTime: 0,
  });
  const failed = overdue.isError || soon.isError;
  // The count is part of the visible text, so the link's name is what a user sees ("Overdue: 3").
  const item = (label: string, color: string, count: number | undefined, status: string) => (
    <Button component={Link} to={`/due?status=${status}`} variant="light" color={color}>
      {label}: <strong>{count ?? 0}</strong>
    </Button>
  );
  return (
    <Card padding="md" component="section" aria-labelledby="due-summary-title">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs">
          <IconCalendarDue size={20} />
          <Text fw={700} id="due-summary-title">
            Maintenance due
          </Text>
        </Group>
        {overdue.isPending || soon.isPending ? (
          <Skeleton h={36} w={240} aria-label="Loading due schedules" />
        ) : failed ? (
          <Group gap="xs">
            <Text size="sm" c="red" role="alert">
              Failed to load due schedules
            </Text>
            <Button size="xs" variant="default" aria-label="Retry loading due schedules" onClick={() => void Promise.all([overdue.refetch(), soon.refetch()])}>
              Retry
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            {item('Overdue', 'red', overdue.data.totalElements, 'overdue')}
            {item('Due soon', 'yellow', soon.data.totalElements, 'due_soon')}
            <Button component={Link} to="/due" variant="subtle" size="sm">
              All
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}
