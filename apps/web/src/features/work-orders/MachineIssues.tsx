import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/states';
import { useSession } from '../../core/context';
import { useRights } from '../../core/rights';
import { formatDateTime, formatNumber } from '../../lib/format';
import { IssueActionDialog } from './IssueActionDialog';
import { IssueFormDialog } from './IssueFormDialog';
import { IssuePhotos } from './IssuePhotos';
import { IssueStatusBadge, PriorityBadge } from './IssueBadges';
import { useMachineIssues, type Issue } from './work-api';
import { byUrgency, isOpenIssue, reportedBy } from './work-logic';

// Loaded on first use: it reads the machine's schedules and the account's members.
const CreateWorkOrderDialog = lazy(() => import('./CreateWorkOrderDialog'));

function IssueRow({
  issue,
  machineId,
  write,
  you,
  onAction,
}: {
  issue: Issue;
  machineId: number;
  write: boolean;
  you?: number;
  onAction: (a: 'resolve' | 'close') => void;
}) {
  return (
    <Stack
      gap={4}
      component="li"
      data-testid="issue-item"
      aria-label={issue.title}
      py="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
          <Text fw={600}>{issue.title}</Text>
          <PriorityBadge priority={issue.priority} />
          <IssueStatusBadge status={issue.status} />
          {issue.outOfService && (
            <Text size="xs" c="red" fw={600}>
              Out of service
            </Text>
          )}
        </Group>
        {write && issue.status === 'open' && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => onAction('resolve')} aria-label={`Resolve ${issue.title}`}>
              Resolve
            </Button>
            <Button size="xs" variant="default" onClick={() => onAction('close')} aria-label={`Close ${issue.title}`}>
              Close
            </Button>
          </Group>
        )}
      </Group>
      {issue.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {issue.description}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Reported by {reportedBy(issue, you)} on {formatDateTime(issue.createdAt)}
        {issue.meters?.distance != null && ` at ${formatNumber(issue.meters.distance)} on the odometer`}
        {issue.meters?.hours != null && ` at ${formatNumber(issue.meters.hours)} h`}
        {issue.workOrderId !== null && (
          <>
            {' · '}
            <Anchor component={Link} to={`/work-orders/${issue.workOrderId}`} size="xs">
              Work order #{issue.workOrderId}
            </Anchor>
          </>
        )}
      </Text>
      <IssuePhotos issue={issue} machineId={machineId} />
      {issue.status === 'resolved' && issue.resolutionNote && <Text size="xs">Resolution: {issue.resolutionNote}</Text>}
      {issue.status === 'closed' && issue.closeReason && <Text size="xs">Closed: {issue.closeReason}</Text>}
    </Stack>
  );
}

/** A machine's issues (issue 35): the open ones first, "Report issue", resolve and close, and a work order from them. */
export function MachineIssues({ machineId, machineName }: { machineId: number; machineName: string }) {
  const rights = useRights();
  const { user } = useSession();
  const query = useMachineIssues(machineId, rights.may('issue.read'));
  const [reporting, setReporting] = useState(false);
  const [creating, setCreating] = useState(false);
  const [showPast, setShowPast] = useState(false);
  const [action, setAction] = useState<{ issue: Issue; action: 'resolve' | 'close' } | null>(null);
  if (!rights.may('issue.read')) {
    return null;
  }
  const all = byUrgency(query.data ?? []);
  const open = all.filter(isOpenIssue);
  const past = all.filter((i) => !isOpenIssue(i));
  const write = rights.may('issue.write');

  return (
    <Card component="section" aria-labelledby="machine-issues-title" padding="lg">
      <Group justify="space-between" gap="sm" wrap="wrap" mb="sm">
        <Group gap="xs">
          <IconAlertTriangle size={20} />
          <Title order={2} fz="lg" id="machine-issues-title">
            Open issues{query.isSuccess ? ` (${open.length})` : ''}
          </Title>
        </Group>
        <Group gap="xs">
          {rights.may('workorder.write') && query.isSuccess && (
            <Button variant="default" onClick={() => setCreating(true)}>
              Create work order
            </Button>
          )}
          {rights.may('issue.report') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setReporting(true)}>
              Report issue
            </Button>
          )}
        </Group>
      </Group>
      {query.isPending ? (
        <LoadingState text="Loading issues..." />
      ) : query.isError ? (
        <ErrorState text="Failed to load issues" onRetry={() => void query.refetch()} />
      ) : (
        <>
          {open.length === 0 ? (
            <Text size="sm" c="dimmed">
              No open issues.
            </Text>
          ) : (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Open issues">
              {open.map((issue) => (
                <IssueRow key={issue.id} issue={issue} machineId={machineId} write={write} you={user?.id} onAction={(a) => setAction({ issue, action: a })} />
              ))}
            </Stack>
          )}
          {past.length > 0 && (
            <>
              <Button variant="subtle" size="xs" mt="xs" onClick={() => setShowPast((v) => !v)} aria-expanded={showPast}>
                {showPast ? 'Hide' : 'Show'} resolved and closed ({past.length})
              </Button>
              {showPast && (
                <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Resolved and closed issues">
                  {past.map((issue) => (
                    <IssueRow key={issue.id} issue={issue} machineId={machineId} write={false} you={user?.id} onAction={() => undefined} />
                  ))}
                </Stack>
              )}
            </>
          )}
        </>
      )}
      {reporting && <IssueFormDialog machineId={machineId} machineName={machineName} onClose={() => setReporting(false)} />}
      {action && <IssueActionDialog issue={action.issue} action={action.action} onClose={() => setAction(null)} />}
      {creating && (
        <Suspense fallback={null}>
          <CreateWorkOrderDialog
            machineId={machineId}
            machineName={machineName}
            issues={open.filter((i) => i.status === 'open')}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}
