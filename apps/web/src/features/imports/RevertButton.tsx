import { Button, Text } from '@mantine/core';
import type { ImportView } from '@wrenchlog/contracts';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useConfirm } from '../../components/confirm';
import { useRevertImport } from './api';
import { canRevert, importErrorText, revertQuestion } from './review-logic';
import { useTranslation } from 'react-i18next';
import './i18n';

/** Revert, after a dialog that says how many records it deletes; the server's refusal shows beside it. */
export function RevertButton({ view, size = 'sm' }: { view: ImportView; size?: 'xs' | 'sm' }) {
  const { confirm, dialog } = useConfirm();
  const revert = useRevertImport();
  const { t } = useTranslation('imports');
  if (!canRevert(view)) {
    return null;
  }
  // Accepted (202): the import reads 'reverted' once every owner has deleted its records.
  if (revert.isSuccess) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('revert.reverting')}
      </Text>
    );
  }
  const run = async () => {
    if (await confirm(revertQuestion(view), t('revert.confirm'))) {
      revert.mutate(view.id);
    }
  };
  return (
    <>
      <Button
        size={size}
        variant="light"
        color="red"
        leftSection={<IconArrowBackUp size={16} />}
        loading={revert.isPending}
        onClick={() => void run()}
        aria-label={t('revert.label', { file: view.fileName })}
      >
        {t('revert.button')}
      </Button>
      {revert.isError && (
        <Text size="xs" c="red" role="alert">
          {importErrorText(revert.error)}
        </Text>
      )}
      {dialog}
    </>
  );
}
