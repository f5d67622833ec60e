import { Button, Text } from '@mantine/core';
import type { ImportView } from '@wrenchlog/contracts';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useConfirm } from '../../components/confirm';
import { useRevertImport } from './api';
import { canRevert, importErrorText, revertQuestion } from './review-logic';

/** Revert, after a dialog that says how many records it deletes; the server's refusal shows beside it. */
export function RevertButton({ view, size = 'sm' }: { view: ImportView; size?: 'xs' | 'sm' }) {
  const { confirm, dialog } = useConfirm();
  const revert = useRevertImport();
  if (!canRevert(view)) {
    return null;
  }
  // Accepted (202): the import reads 'reverted' once every owner has deleted its records.
  if (revert.isSuccess) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Reverting...
      </Text>
    );
  }
  const run = async () => {
    if (await confirm(revertQuestion(view), 'Revert')) {
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
        aria-label={`Revert the import of ${view.fileName}`}
      >
        Revert
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
