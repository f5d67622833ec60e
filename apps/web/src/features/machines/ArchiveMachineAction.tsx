import { ActionIcon, Alert, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useState } from 'react';
import type { Machine } from '../../api/types';
import { useSetArchived } from './machine-mutations';

export const ARCHIVE_ACTION_TEXT = {
  explain: 'It leaves your lists and pickers; its records, photos and documents are kept, and you can restore it at any time (Browse Machines, Show archived).',
  failed: 'Failed to archive machine',
};

/**
 * Archive as an action of its own on the machine's page (issue 38: it was reachable only through
 * the red Delete button). Archiving loses nothing, so its dialog is a plain question, not a warning.
 */
export function ArchiveMachineAction({ machine }: { machine: Machine }) {
  const setArchived = useSetArchived();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function archive() {
    setError(null);
    try {
      await setArchived.mutateAsync({ id: machine.id, archived: true });
      setOpen(false);
    } catch (err) {
      console.error('Machine archive failed', err);
      setError(ARCHIVE_ACTION_TEXT.failed);
    }
  }

  return (
    <>
      <Tooltip label="Archive" events={{ hover: true, focus: false, touch: false }}>
        <ActionIcon variant="default" size="lg" aria-label="Archive machine" onClick={() => setOpen(true)}>
          <IconArchive size={18} />
        </ActionIcon>
      </Tooltip>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title={`Archive ${machine.name}?`} centered size="md" styles={{ title: { fontWeight: 700 } }}>
          <Stack gap="sm">
            <Text>{ARCHIVE_ACTION_TEXT.explain}</Text>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button onClick={() => void archive()} loading={setArchived.isPending} data-autofocus>
                Archive
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}
