import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../core/context';
import { machineKeys, machinesApi } from '../../api/machines';
import type { Machine } from '../../api/types';
import { describeHistory } from './machine-archive';

export const DELETE_DIALOG_TEXT = {
  confirm: 'Are you sure you want to delete this machine? This action cannot be undone.',
  counting: 'Counting its records...',
  nothing: 'It has no service, fuel or purchase records, no photos and no documents.',
  unknown: 'Its service, fuel and purchase records, photos and documents are deleted with it.',
  archiveHint: 'To keep its history, archive it instead: it leaves your lists and pickers, and you can restore it from Browse Machines with Show archived.',
  archiveFailed: 'Failed to archive machine',
};

interface Props {
  machine: Machine;
  onClose: () => void;
  /** Deletes the machine (the caller navigates away and reports a failure). */
  onDelete: () => Promise<void> | void;
  onArchive: () => Promise<void>;
}

/** Says what a delete takes with it (counted by the owning services) and offers Archive instead (issue 18). */
export function MachineDeleteDialog({ machine, onClose, onDelete, onArchive }: Props) {
  const api = useApi();
  const [archiving, setArchiving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Always counted afresh: a record added in another tab must show here.
  const counts = useQuery({
    queryKey: machineKeys.historyCounts(machine.id),
    queryFn: () => machinesApi.historyCounts(api, machine.id),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  let history;
  if (counts.isPending) {
    history = (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {DELETE_DIALOG_TEXT.counting}
        </Text>
      </Group>
    );
  } else if (counts.isError) {
    history = <Text>{DELETE_DIALOG_TEXT.unknown}</Text>;
  } else {
    const described = describeHistory(counts.data);
    history = <Text data-testid="delete-history">{described ? `Deleting it also deletes its ${described}.` : DELETE_DIALOG_TEXT.nothing}</Text>;
  }

  async function archive() {
    setArchiving(true);
    setError(null);
    try {
      await onArchive();
    } catch (err) {
      console.error('Machine archive failed', err);
      setError(DELETE_DIALOG_TEXT.archiveFailed);
      setArchiving(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={`Delete ${machine.name}?`} centered size="md" styles={{ title: { fontWeight: 700 } }}>
      <Stack gap="sm">
        <Text>{DELETE_DIALOG_TEXT.confirm}</Text>
        {history}
        {!machine.archived && (
          <Text size="sm" c="dimmed">
            {DELETE_DIALOG_TEXT.archiveHint}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          {!machine.archived && (
            <Button variant="light" onClick={() => void archive()} loading={archiving}>
              Archive instead
            </Button>
          )}
          <Button color="red" onClick={() => void onDelete()} disabled={archiving}>
            Yes, delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
