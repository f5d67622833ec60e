import { Badge } from '@mantine/core';
import type { ImportRowStatus } from '@wrenchlog/contracts';
import { useTranslation } from 'react-i18next';
import './i18n';

// 'waiting': the Map step's row that only lacks the file's machine (a step to take, not an error).
const COLORS: Record<ImportRowStatus | 'waiting', string> = { valid: 'green', warning: 'yellow', error: 'red', waiting: 'gray' };

export function RowStatusBadge({ status }: { status: ImportRowStatus | 'waiting' }) {
  const { t } = useTranslation('imports');
  // Never cut to "ER...": a narrow table column widens to the whole word instead.
  return (
    <Badge
      color={COLORS[status]}
      variant="light"
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {t(`rowStatus.${status}`)}
    </Badge>
  );
}
