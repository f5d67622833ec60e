import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCallback, useRef, useState, type ReactNode } from 'react';

interface Pending {
  message: string;
  confirmLabel: string;
  resolve: (ok: boolean) => void;
}

/** A promise-based confirmation dialog: `if (await confirm('…')) …`. Render `dialog` once. */
export function useConfirm(): { confirm: (message: string, confirmLabel?: string) => Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const ref = useRef<Pending | null>(null);
  const confirm = useCallback(
    (message: string, confirmLabel = t('confirm.delete')) =>
      new Promise<boolean>((resolve) => {
        const next = { message, confirmLabel, resolve };
        ref.current = next;
        setPending(next);
      }),
    [t],
  );
  const close = (ok: boolean) => {
    ref.current?.resolve(ok);
    ref.current = null;
    setPending(null);
  };
  const dialog = (
    <Modal opened={pending !== null} onClose={() => close(false)} title={t('confirm.title')} centered size="sm" styles={{ title: { fontWeight: 700 } }}>
      <Text mb="lg">{pending?.message}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => close(false)}>
          {t('confirm.cancel')}
        </Button>
        <Button color="red" onClick={() => close(true)} data-autofocus>
          {pending?.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
  return { confirm, dialog };
}
