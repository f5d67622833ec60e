import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { formatDateTime } from '../../lib/format';
import { offlineStatus } from './offline-status';

/** "Offline, as of <time>" above a screen that shows what this device stored (issue 34). */
export default function OfflineBar() {
  const { online, asOf } = useSyncExternalStore(offlineStatus.subscribe, offlineStatus.get, offlineStatus.get);
  if (online && asOf === null) {
    return null;
  }
  const title = asOf ? `Offline, as of ${formatDateTime(new Date(asOf).toISOString())}` : 'Offline';
  return (
    <Alert role="status" color="yellow" variant="light" icon={<IconCloudOff size={18} />} title={title} radius={0} py={6} data-testid="offline-bar">
      {asOf
        ? 'Showing what this device saw last. New records are kept here and sent when the connection returns.'
        : 'New records are kept on this device and sent when the connection returns.'}
    </Alert>
  );
}
