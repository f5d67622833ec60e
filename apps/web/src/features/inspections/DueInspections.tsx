import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/states';
import { useRights } from '../../core/rights';
import { formatDate } from '../../lib/format';
import { useDueInspections } from './inspection-api';

/** The Due page's inspections (issue 35): machines whose daily or weekly inspection is due, oldest first. */
export function DueInspections() {
  const rights = useRights();
  const query = useDueInspections(rights.may('inspection.read'));
  if (!rights.may('inspection.read')) {
    return null;
  }
  return (
    <Card component="section" aria-labelledby="due-inspections-title" padding="lg">
      <Title order={2} fz="lg" id="due-inspections-title" mb="sm">
        Inspections due{query.isSuccess ? ` (${query.data.length})` : ''}
      </Title>
      {query.isPending ? (
        <LoadingState text="Loading inspections due..." />
      ) : query.isError ? (
        <ErrorState text="Failed to load inspections due" onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No inspection is due.
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Inspections due">
          {query.data.map((d) => (
            <Group
              key={`${d.machineId}-${d.formId}`}
              component="li"
              justify="space-between"
              gap="xs"
              py="xs"
              wrap="wrap"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={0}>
                <Anchor component={Link} to={`/machines/${d.machineId}`} fw={600}>
                  {d.machineName ?? `Machine #${d.machineId}`}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {d.formName} · last {formatDate(d.lastReadAt)}
                </Text>
              </Stack>
              <Group gap="xs">
                <Badge color="orange">
                  {d.frequency === 'daily' ? 'Daily' : 'Weekly'}, due {formatDate(d.dueOn)}
                </Badge>
                {rights.may('inspection.write') && (
                  <Button
                    component={Link}
                    to={`/machines/${d.machineId}/inspect`}
                    size="xs"
                    variant="default"
                    aria-label={`Inspect ${d.machineName ?? d.machineId}`}
                  >
                    Inspect
                  </Button>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
