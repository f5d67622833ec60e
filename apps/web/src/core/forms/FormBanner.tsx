import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n';

export type Banner = { kind: 'success' | 'error'; title: string; detail?: ReactNode };

/** The success or failure banner above a record form. */
export function FormBanner({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  const { t } = useTranslation('forms');
  if (!banner) {
    return null;
  }
  const ok = banner.kind === 'success';
  return (
    <Alert
      color={ok ? 'green' : 'red'}
      variant="light"
      icon={ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
      title={banner.title}
      role={ok ? 'status' : 'alert'}
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={onClose}
    >
      {banner.detail}
    </Alert>
  );
}

/** The server's own words for a refused request (400, 404, 409...); nothing for a server or network failure. */
export function refusalDetail(err: unknown): string | undefined {
  const e = err as { status?: number; body?: { message?: string } | null };
  return e && typeof e.status === 'number' && e.status >= 400 && e.status < 500 && e.body?.message ? e.body.message : undefined;
}
