import { Badge, Button, Drawer, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState, useSyncExternalStore } from 'react';
import { formatDateTime } from '../../lib/format';
import { useServices } from '../context';
import { tokenOwner } from './api-cache-rules';
import { useOutbox } from './queued';
import type { Outbox, OutboxSnapshot } from './outbox';
import type { QueuedWrite } from './queue-store';

const EMPTY: OutboxSnapshot = { writes: [], sendingId: null };
const noop = () => () => undefined;

/** "camelCase" -> "Camel case", for the fields of a waiting write. */
function label(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function fields(body: Record<string, unknown>): string {
  return Object.entries(body)
    .filter(([, v]) => v !== null && v !== undefined && v !== '' && typeof v !== 'object')
    .map(([k, v]) => `${label(k)}: ${String(v)}`)
    .join(' · ');
}

function WriteItem({ write, outbox, sending, mine }: { write: QueuedWrite; outbox: Outbox; sending: boolean; mine: boolean }) {
  const [busy, setBusy] = useState(false);
  const act = (fn: () => Promise<unknown>) => {
    setBusy(true);
    void fn().finally(() => setBusy(false));
  };
  const refused = write.state === 'refused';
  return (
    <Stack gap={4} p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }} role="listitem" aria-label={write.kind}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600}>{write.kind}</Text>
        <Badge color={refused ? 'red' : 'yellow'} variant="light">
          {refused ? 'Refused' : sending ? 'Sending…' : 'Waiting to send'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        Made {formatDateTime(new Date(write.createdAt).toISOString())}
      </Text>
      <Text size="sm">{fields(write.body)}</Text>
      {refused && (
        <Text size="sm" c="red" role="alert">
          The server refused it: {write.refusal?.message}. Fix what it says (on the machine, or enter it again), then send it again or discard it.
        </Text>
      )}
      {!mine && (
        <Text size="sm" c="dimmed">
          Made by another member or in another account: it is kept, and sent when they are signed in to that account here again.
        </Text>
      )}
      <Group gap="xs" justify="flex-end">
        {refused && mine && (
          <Button size="compact-sm" variant="light" loading={busy} onClick={() => act(() => outbox.retry(write.id))}>
            Send again
          </Button>
        )}
        <Button size="compact-sm" color="red" variant="subtle" disabled={busy || sending} onClick={() => act(() => outbox.remove(write.id))}>
          Discard
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
  if (!outbox || writes.length === 0) {
    return null;
  }
  const owner = tokenOwner(session.authorization()?.token);
  const refused = writes.some((w) => w.state === 'refused');
  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={`${writes.length} waiting to send`} px={6}>
        <Group gap={4} wrap="nowrap">
          <IconCloudUpload size={20} color={refused ? 'var(--mantine-color-red-6)' : undefined} />
          <Badge size="sm" color={refused ? 'red' : 'yellow'} variant="filled" circle>
            {writes.length}
          </Badge>
        </Group>
      </UnstyledButton>
      <Drawer opened={open} onClose={() => setOpen(false)} title="Waiting to send" position="right" size="md">
        <Stack gap="sm">
          <Text size="sm">Kept on this device until the server has them; sent by themselves when the connection returns, each once.</Text>
          {navigator.onLine && owner && (
            <Button variant="light" size="xs" onClick={() => void outbox.flush()} disabled={sendingId !== null}>
              Send now
            </Button>
          )}
          <Stack gap="sm" role="list" aria-label="Waiting to send">
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
