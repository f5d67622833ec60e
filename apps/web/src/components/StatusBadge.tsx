import { Badge } from '@mantine/core';
import { browseStatusColor, dashboardStatusColor } from '../lib/status-colors';
import { i18n } from '../core/i18n/i18n';
import { statusLabel } from '../core/i18n/labels';

export function StatusBadge({ status, palette }: { status: string | null | undefined; palette: 'dashboard' | 'browse' }) {
  const text = status?.trim() ? statusLabel(status.trim()) : i18n.t('na');
  const color = palette === 'dashboard' ? dashboardStatusColor(status) : browseStatusColor(status);
  return (
    <Badge color={color} variant="light" radius="sm" tt="none" fw={600} size="md" data-color={color}>
      {text}
    </Badge>
  );
}
