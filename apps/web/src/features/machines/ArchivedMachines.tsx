import { Alert, Anchor, Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../../core/context';
import { machineKeys, machinesApi } from '../../api/machines';
import type { Machine, MachineListItem } from '../../api/types';
import { ErrorState, LoadingState } from '../../components/states';
import { formatDate } from '../../lib/format';
import { useSetArchived } from './machine-mutations';
import { MachineListBound } from './MachineListBound';

export const ARCHIVE_TEXT = {
  banner: 'This machine is archived: it is out of your lists and pickers, and its history is kept.',
  restoreFailed: 'Failed to restore machine',
  none: 'No archived machines.',
};

function RestoreButton({ machine, label = 'Restore' }: { machine: Pick<Machine, 'id' | 'name'>; label?: string }) {
  const setArchived = useSetArchived();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function restore() {
    setBusy(true);
    setFailed(false);
    try {
      await setArchived.mutateAsync({ id: machine.id, archived: false });
    } catch (err) {
      console.error('Machine restore failed', err);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Group gap="xs" wrap="nowrap">
      {failed && (
        <Text size="sm" c="red.8" role="alert">
          {ARCHIVE_TEXT.restoreFailed}
        </Text>
      )}
      <Button size="xs" variant="light" onClick={() => void restore()} loading={busy} aria-label={`${label} ${machine.name}`}>
        {label}
      </Button>
    </Group>
  );
}

/** The banner on an archived machine's page, with the way back into the lists. */
export function ArchivedBanner({ machine }: { machine: Machine }) {
  return (
    <Alert color="gray" icon={<IconArchive size={18} />} data-testid="archived-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{ARCHIVE_TEXT.banner}</Text>
        <RestoreButton machine={machine} />
      </Group>
    </Alert>
  );
}

/** The machines screen's "Show archived" section: archived machines, each with Restore. */
export function ArchivedMachines() {
  const api = useApi();
  const query = useQuery({ queryKey: machineKeys.archived(), queryFn: () => machinesApi.archived(api) });
  let body;
  if (query.isPending) {
    body = <LoadingState text="Loading archived machines..." />;
  } else if (query.isError) {
    body = <ErrorState text="Failed to load archived machines" onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {ARCHIVE_TEXT.none}
      </Text>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={360}>
        <Table aria-label="Archived machines" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Equipment</Table.Th>
              <Table.Th>Last Updated</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((m: MachineListItem) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/machines/${m.id}`}>
                    {m.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(m.lastUpdated)}</Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <RestoreButton machine={m} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="sm" mt="lg" data-testid="archived-machines">
      <Title order={2} fz="md">
        Archived
      </Title>
      {body}
      {query.isSuccess && <MachineListBound count={query.data.length} />}
    </Stack>
  );
}
