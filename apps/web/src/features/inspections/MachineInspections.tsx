import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/states';
import { useRights } from '../../core/rights';
import { formatDate } from '../../lib/format';
import { useMachineInspections } from './inspection-api';

/** A machine's inspections (issue 35): "Inspect" for whoever may, and the latest ones, newest first. */
export function MachineInspections({ machineId }: { machineId: number }) {
  const rights = useRights();
  const query = useMachineInspections(machineId, rights.may('inspection.read'));
  if (!rights.may('inspection.read')) {
    return null;
  }
  const shown = (query.data ?? []).slice(0, 10);
  return (
    <Card component="section" aria-labelledby="machine-inspections-title" padding="lg">
      <Group justify="space-between" gap="sm" wrap="wrap" mb="sm">
        <Group gap="xs">
          <IconClipboardCheck size={20} />
          <Title order={2} fz="lg" id="machine-inspections-title">
            Inspections
          </Title>
        </Group>
        {rights.may('inspection.write') && (
          <Button component={Link} to={`/machines/${machineId}/inspect`} size="md" leftSection={<IconClipboardCheck size={18} />}>
            Inspect
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <LoadingState text="Loading inspections..." />
      ) : query.isError ? (
        <ErrorState text="Failed to load inspections" onRetry={() => void query.refetch()} />
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          No inspections yet.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Inspections">
          {shown.map((i) => (
            <Group
              key={i.id}
              component="li"
              justify="space-between"
              gap="xs"
              py="xs"
              wrap="wrap"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0}>
                <Anchor component={Link} to={`/inspections/${i.id}`} fw={600}>
                  {i.formName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDate(i.readAt)} · by {i.createdBy?.name ?? 'a member'}
                </Text>
              </Stack>
              {i.failedCount === 0 ? <Badge color="green">All passed</Badge> : <Badge color="red">{i.failedCount} failed</Badge>}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
