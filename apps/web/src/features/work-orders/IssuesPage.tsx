import { Anchor, Card, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ISSUE_PRIORITIES, ISSUE_STATUSES, type IssuePriority, type IssueStatus } from '@wrenchlog/contracts/limits';
import { Link, useSearchParams } from 'react-router-dom';
import { Page, PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { useSession } from '../../core/context';
import { formatDateTime } from '../../lib/format';
import { IssueStatusBadge, PriorityBadge } from './IssueBadges';
import { useIssues } from './work-api';
import { ISSUE_STATUS_LABELS, PRIORITY_LABELS, reportedBy } from './work-logic';

const OPEN: IssueStatus[] = ['open', 'in_progress'];

/** The account's issues, most urgent first, filtered by status and priority (the dashboard links here). */
export default function IssuesPage() {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const statusParam = params.get('status') ?? '';
  const status: IssueStatus[] = statusParam === 'all' ? [] : ISSUE_STATUSES.includes(statusParam as IssueStatus) ? [statusParam as IssueStatus] : OPEN;
  const priorityParam = params.get('priority') ?? '';
  const priority = ISSUE_PRIORITIES.includes(priorityParam as IssuePriority) ? (priorityParam as IssuePriority) : '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const query = useIssues(status, priority, page);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) {
      next.set(key, value);
    } else {
      next.delete(key);
    }
    next.delete('page');
    setParams(next, { replace: true });
  };

  let body;
  if (query.isPending) {
    body = <LoadingState text="Loading issues..." />;
  } else if (query.isError) {
    body = <ErrorState text="Failed to load issues" onRetry={() => void query.refetch()} />;
  } else if (query.data.content.length === 0) {
    body = <EmptyBlock icon={<IconAlertTriangle size={28} />} title="No issues" description="Nothing matches these filters." />;
  } else {
    body = (
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Issues">
        {query.data.content.map((issue) => (
          <Card component="li" key={issue.id} padding="sm" withBorder data-testid="issue-item">
            <Group gap={6} wrap="wrap">
              <Text fw={600}>{issue.title}</Text>
              <PriorityBadge priority={issue.priority} />
              <IssueStatusBadge status={issue.status} />
            </Group>
            <Text size="sm">
              <Anchor component={Link} to={`/machines/${issue.machineId}`}>
                {issue.machineName ?? `Machine #${issue.machineId}`}
              </Anchor>
              {' · '}Reported by {reportedBy(issue, user?.id)} on {formatDateTime(issue.createdAt)}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Page>
      <PageHeader title="Issues" description="Problems reported on your machines." />
      <Group gap="sm" mb="md" wrap="wrap">
        <NativeSelect
          label="Status"
          value={statusParam === 'all' ? 'all' : status.length === 1 ? status[0] : ''}
          onChange={(e) => set('status', e.currentTarget.value)}
          data={[
            { value: '', label: 'Open and in progress' },
            ...ISSUE_STATUSES.map((s) => ({ value: s, label: ISSUE_STATUS_LABELS[s] })),
            { value: 'all', label: 'All' },
          ]}
        />
        <NativeSelect
          label="Priority"
          value={priority}
          onChange={(e) => set('priority', e.currentTarget.value)}
          data={[{ value: '', label: 'Any priority' }, ...ISSUE_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))]}
        />
      </Group>
      {body}
      {query.isSuccess && query.data.totalPages > 1 && (
        <Pager
          page={page}
          totalPages={query.data.totalPages}
          onPage={(p) => {
            const next = new URLSearchParams(params);
            next.set('page', String(p));
            setParams(next);
          }}
        />
      )}
    </Page>
  );
}
