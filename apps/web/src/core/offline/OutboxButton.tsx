import { Badge, Button, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import { formatDateTime } from '../../lib/format';
import { useServices } from '../context';
import { tokenOwner } from './api-cache-rules';
import { useOutbox } from './queued';
import type { Outbox, OutboxSnapshot } from './outbox';
import type { QueuedWrite } from './queue-store';
import { useTranslation } from 'react-i18next';
import { fieldLabel, kindLabel } from './i18n';

const EMPTY: OutboxSnapshot = { writes: [], sendingId: null };
const noop = () => () => undefined;

function fields(body: Record<string, unknown>): string {
  return Object.entries(body)
    .filter(([, v]) => v !== null && v !== undefined && v !== '' && typeof v !== 'object')
    .map(([k, v]) => `${fieldLabel(k)}: ${String(v)}`)
    .join(' · ');
}

function WriteItem({ write, outbox, sending, mine }: { write: QueuedWrite; outbox: Outbox; sending: boolean; mine: boolean }) {
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('offline');
  const act = (fn: () => Promise<unknown>) => {
    setBusy(true);
    void fn().finally(() => setBusy(false));
  };
  const refused = write.state === 'refused';
  return (
    <Stack
      gap={4}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
      role="listitem"
      aria-label={kindLabel(write.kind)}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600}>{kindLabel(write.kind)}</Text>
        <Badge color={refused ? 'red' : 'yellow'} variant="light">
          {refused ? t('outbox.refused') : sending ? t('outbox.sending') : t('outbox.waiting')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t('outbox.made', { time: formatDateTime(new Date(write.createdAt).toISOString()) })}
      </Text>
      <Text size="sm">{fields(write.body)}</Text>
      {refused && (
        <Text size="sm" c="red" role="alert">
          {t('outbox.refusedText', { message: write.refusal?.message })}
        </Text>
      )}
      {!mine && (
        <Text size="sm" c="dimmed">
          {t('outbox.notMine')}
        </Text>
      )}
      <Group gap="xs" justify="flex-end">
        {refused && mine && (
          <Button size="compact-sm" variant="light" loading={busy} onClick={() => act(() => outbox.retry(write.id))}>
            {t('outbox.sendAgain')}
          </Button>
        )}
        <Button size="compact-sm" color="red" variant="subtle" disabled={busy || sending} onClick={() => act(() => outbox.remove(write.id))}>
          {t('outbox.discard')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The header's "N waiting to send" and the queue it opens: see, send again and discard what waits (issue 34). */
export default function OutboxButton() {
  const { session } = useServices();
  const outbox = useOutbox();
  const { writes, sendingId } = useSyncExternalStore(outbox?.subscribe ?? noop, outbox?.getSnapshot ?? (() => EMPTY), outbox?.getSnapshot ?? (() => EMPTY));
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('offline');
  if (!outbox || writes.length === 0) {
    return null;
  }
  const owner = tokenOwner(session.authorization()?.token);
  const refused = writes.some((w) => w.state === 'refused');
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={t('outbox.button', { count: writes.length })} px={6}>
        <Group gap={4} wrap="nowrap">
          <IconCloudUpload size={20} color={refused ? 'var(--mantine-color-red-6)' : undefined} />
          <Badge size="sm" color={refused ? 'red' : 'yellow'} variant="filled" circle>
            {writes.length}
          </Badge>
        </Group>
      </UnstyledButton>
      <Drawer opened={open} onClose={() => setOpen(false)} title={t('outbox.title')} position="right" size="md">
        <Stack gap="sm">
          <Text size="sm">{t('outbox.intro')}</Text>
          {navigator.onLine && owner && (
            <Button variant="light" size="xs" onClick={() => void outbox.flush()} disabled={sendingId !== null}>
              {t('outbox.sendNow')}
            </Button>
          )}
          <Stack gap="sm" role="list" aria-label={t('outbox.title')}>
            {writes.map((w) => (
              <WriteItem
                key={w.id}
                write={w}
                outbox={outbox}
                sending={sendingId === w.id}
                mine={!!owner && owner.accountId === w.accountId && owner.userId === w.userId}
              />
            ))}
          </Stack>
        </Stack>
      </Drawer>
    </>
  );
}
