import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../core/context';
import { notificationApi, notificationKeys } from '../notifications/api';
import { browserTimeZone } from '../../lib/time-zone';

/**
 * The account's time zone: the one saved in the notification settings, which report-service also
 * dates records in (notification.timeZone.changed). Unsaved, the server answers its default (UTC),
 * which is what report-service uses too. When the settings cannot be read the device's zone stands
 * in, so the presets still work; `pending` until the first answer, so a preset is not asked twice.
 */
export function useAccountTimeZone(): { timeZone: string | null; pending: boolean } {
  const api = useApi();
  const prefs = useQuery({ queryKey: notificationKeys.preferences, queryFn: () => notificationApi.preferences(api), staleTime: 60_000 });
  if (prefs.isPending) {
    return { timeZone: null, pending: true };
  }
  return { timeZone: prefs.data?.timeZone || browserTimeZone(), pending: false };
}
