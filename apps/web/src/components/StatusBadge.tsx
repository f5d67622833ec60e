import { Badge } from '@mantine/core';
import { browseStatusColor, dashboardStatusColor } from '../lib/status-colors';

export function StatusBadge({ status, palette }: { status: string | null | undefined; palette: 'dashboard' | 'browse' }) {
  const text = status?.trim() || 'n/a';
  const color = palette === 'dashboard' ? dashboardStatusColor(status) : browseStatusColor(status);
  return (
    <Badge color={color} variant="light" radius="sm" tt="none" fw={600} size="md" data-color={color}>
      {text}
    </Badge>
  );
}
