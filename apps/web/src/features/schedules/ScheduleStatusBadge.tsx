import { Badge } from '@mantine/core';
import type { ScheduleStatus } from '@wrenchlog/contracts';
import { STATUS_COLOR, STATUS_LABEL } from './schedule-logic';

export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" radius="sm" tt="none" fw={600} data-status={status}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}
