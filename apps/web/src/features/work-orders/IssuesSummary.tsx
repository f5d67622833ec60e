import { Button, Card, Group, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { ISSUE_PRIORITIES } from '@wrenchlog/contracts/limits';
import { Link } from 'react-router-dom';
import { useApi } from '../../core/context';
import { useRights } from '../../core/rights';
import { workApi, workKeys } from './work-api';
import { PRIORITY_COLORS, PRIORITY_LABELS } from './work-logic';

const OPEN = 'open,in_progress';

/** The dashboard's open issues by priority (issue 35), each count linking to the issue list filtered to it. */
export function IssuesSummary() {
  const api = useApi();
  const rights = useRights();
  const counts = useQueries({
    queries: ISSUE_PRIORITIES.map((priority) => ({
      queryKey: [...workKeys.issueCounts(), priority],
      queryFn: () => workApi.issues(api, { status: OPEN, priority, page: 0, size: 1 }),
      staleTime: 0,
      enabled: rights.may('issue.read'),
    })),
  });
  if (!rights.may('issue.read')) {
    return null;
  }
  const failed = counts.some((c) => c.isError);
  const pending = counts.some((c) => c.isPending);
  return (
    <Card padding="md" component="section" aria-labelledby="issues-summary-title">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs">
          <IconAlertTriangle size={20} />
          <Text fw={700} id="issues-summary-title">
            Open issues
          </Text>
        </Group>
        {pending ? (
          <Skeleton h={36} w={240} role="status" aria-label="Loading open issues" />
        ) : failed ? (
          <Group gap="xs">
            <Text size="sm" c="red" role="alert">
              Failed to load open issues
            </Text>
            <Button size="xs" variant="default" aria-label="Retry loading open issues" onClick={() => void Promise.all(counts.map((c) => c.refetch()))}>
              Retry
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            {[...ISSUE_PRIORITIES].reverse().map((priority) => {
              const i = ISSUE_PRIORITIES.indexOf(priority);
              return (
                <Button key={priority} component={Link} to={`/issues?priority=${priority}`} variant="light" color={PRIORITY_COLORS[priority]} size="sm">
                  {PRIORITY_LABELS[priority]}: <strong>{counts[i].data?.totalElements ?? 0}</strong>
                </Button>
              );
            })}
            <Button component={Link} to="/issues" variant="subtle" size="sm">
              All
            </Button>
          </Group>
        )}
      </Group>
    </Card>
  );
}
