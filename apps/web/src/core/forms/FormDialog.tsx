import { Alert, Button, Group, Modal, Stack, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DESKTOP_QUERY } from '../theme';
import './i18n';

/**
 * A form in a dialog, as the app's dialogs show one: full screen below the desktop width, the
 * failure above the fields, Cancel and the submit button at the end.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  failure,
  submitLabel,
  busy,
  size,
  formLabel,
  intro,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Why the last save failed; shown above the fields. */
  failure: ReactNode;
  submitLabel: ReactNode;
  busy: boolean;
  size?: ModalProps['size'];
  /** The form's accessible name, where the dialog's title does not name it. */
  formLabel?: string;
  /** Shown above the failure. */
  intro?: ReactNode;
  children: ReactNode;
}) {
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const { t } = useTranslation('forms');
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={!desktop}
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
        <Stack gap="sm">
          {intro}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          {children}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('confirm.cancel', { ns: 'common' })}
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
