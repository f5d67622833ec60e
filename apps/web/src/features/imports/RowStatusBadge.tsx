import { Badge } from '@mantine/core';
import type { ImportRowStatus } from '@wrenchlog/contracts';

const LOOK: Record<ImportRowStatus, { color: string; label: string }> = {
  valid: { color: 'green', label: 'Valid' },
  warning: { color: 'yellow', label: 'Warning' },
  error: { color: 'red', label: 'Error' },
};

export function RowStatusBadge({ status }: { status: ImportRowStatus }) {
  const look = LOOK[status];
  return (
    <Badge color={look.color} variant="light">
      {look.label}
    </Badge>
  );
}
