import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { offlineStatus } from './offline-status';

/** "Offline, as of <time>" above a screen that shows what this device stored (issue 34). */
export default function OfflineBar() {
  const { online, asOf } = useSyncExternalStore(offlineStatus.subscribe, offlineStatus.get, offlineStatus.get);
  const { t } = useTranslation();
  if (online && asOf === null) {
    return null;
  }
  const title = asOf ? t('connection.offlineAsOf', { time: formatDateTime(new Date(asOf).toISOString()) }) : t('connection.offline');
  return (
    <Alert role="status" color="yellow" variant="light" icon={<IconCloudOff size={18} />} title={title} radius={0} py={6} data-testid="offline-bar">
      {asOf ? t('connection.showingStored') : t('connection.keptHere')}
    </Alert>
  );
}
