import { Badge } from '@mantine/core';
import type { ImportRowStatus } from '@wrenchlog/contracts';

// 'waiting': the Map step's row that only lacks the file's machine (a step to take, not an error).
const LOOK: Record<ImportRowStatus | 'waiting', { color: string; label: string }> = {
  valid: { color: 'green', label: 'Valid' },
  warning: { color: 'yellow', label: 'Warning' },
  error: { color: 'red', label: 'Error' },
  waiting: { color: 'gray', label: 'No machine yet' },
};

export function RowStatusBadge({ status }: { status: ImportRowStatus | 'waiting' }) {
  const look = LOOK[status];
  // Never cut to "ER...": a narrow table column widens to the whole word instead.
  return (
    <Badge color={look.color} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}>
      {look.label}
    </Badge>
  );
}
