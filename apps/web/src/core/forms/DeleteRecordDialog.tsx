import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The titled delete confirmation of the record forms ('Delete Fuel Record', 'Delete Purchase'). */
export function DeleteRecordDialog({
  opened,
  title,
  message,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  message: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size="sm" styles={{ title: { fontWeight: 700 } }}>
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('confirm.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
          {t('confirm.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
