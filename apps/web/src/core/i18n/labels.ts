import { i18n } from './i18n';

// Display labels of values the API keeps in English (issue 34): a machine's status and a service
// record's type are stored as typed; the screens show the known ones in the reader's language and
// any other value as it was typed.

function known(group: 'statuses' | 'serviceTypes', key: string, fallback: string): string {
  const path = `${group}.${key}`;
  return i18n.exists(path) ? i18n.t(path as 'na') : fallback;
}

/** 'Needs Service' shown as 'Wartung fällig' in German; a status of one's own stays as typed. */
export function statusLabel(status: string): string {
  return known('statuses', status.trim().toLowerCase(), status);
}

/** The spec's service types ('Repair'...) in the reader's language; others as typed. */
export function serviceTypeLabel(type: string): string {
  return known('serviceTypes', type.trim(), type);
}
