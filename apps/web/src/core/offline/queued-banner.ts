import type { Banner } from '../forms/FormBanner';
import type { QueuedOffline } from './queued';
import { i18n } from '../i18n/i18n';
import { kindInSentence } from './i18n';

/** The form's banner for a create kept on the device (issue 34): saved here, waiting to send. */
export function queuedBanner(err: QueuedOffline): Banner {
  const t = i18n.getFixedT(null, 'offline');
  return { kind: 'success', title: t('banner.title', { what: kindInSentence(err.entry.kind) }), detail: t('banner.detail') };
}
