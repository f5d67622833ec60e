import { Badge } from '@mantine/core';
import type { IssuePriority, IssueStatus, WorkOrderState } from '@wrenchlog/contracts/limits';
import { ISSUE_STATUS_COLORS, ISSUE_STATUS_LABELS, PRIORITY_COLORS, PRIORITY_LABELS, STATE_COLORS, STATE_LABELS } from './work-logic';

export function PriorityBadge({ priority }: { priority: IssuePriority }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant={priority === 'critical' ? 'filled' : 'light'} radius="sm" tt="none" data-priority={priority}>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}

export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  return (
    <Badge color={ISSUE_STATUS_COLORS[status]} variant="dot" radius="sm" tt="none" data-status={status}>
      {ISSUE_STATUS_LABELS[status]}
    </Badge>
  );
}

export function StateBadge({ state }: { state: WorkOrderState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" radius="sm" tt="none" data-state={state}>
      {STATE_LABELS[state]}
    </Badge>
  );
}
