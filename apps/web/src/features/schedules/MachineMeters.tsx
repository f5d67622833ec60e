import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useRights } from '../../core/rights';
import { IconGauge, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Meter } from '@wrenchlog/contracts';
import { MeterLimits } from '@wrenchlog/contracts/limits';
import { useState } from 'react';
import { useApi } from '../../core/context';
import { ErrorState } from '../../components/states';
import { formatDate } from '../../lib/format';
import { ReadingDialog } from './ReadingDialog';
import { scheduleApi, scheduleKeys } from './schedule-api';
import { formatMeterValue, meterTitle } from './schedule-logic';

/** The meters of the machine details header: current value, date of the last reading, stale mark, Add reading. */
export function MachineMeters({ machineId }: { machineId: number }) {
  const api = useApi();
  const query = useQuery({ queryKey: scheduleKeys.meters(machineId), queryFn: () => scheduleApi.meters(api, machineId), staleTime: 0 });
  const [adding, setAdding] = useState<Meter | null>(null);
  const mayWrite = useRights().may('meter.write');

  let body;
  if (query.isPending) {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2 }} aria-busy="true" aria-label="Loading meters">
        <Skeleton h={64} />
        <Skeleton h={64} />
      </SimpleGrid>
    );
  } else if (query.isError) {
    body = <ErrorState text="Failed to load meters" onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = (
      <Text c="dimmed" size="sm">
        This machine has no meters yet.
      </Text>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(query.data.length, 3) }} spacing="sm">
        {query.data.map((m) => (
          <Card key={m.id} withBorder padding="sm" data-testid={`meter-${m.kind}`}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" c="dimmed" truncate>
                  {meterTitle(m)}
                </Text>
                <Text fw={700} fz="xl">
                  {formatMeterValue(m.currentValue, m.unit)}
                </Text>
                <Group gap={6}>
                  <Text size="xs" c="dimmed">
                    {m.currentReadAt ? `Read ${formatDate(m.currentReadAt)}` : 'No reading yet'}
                  </Text>
                  {m.stale && m.currentReadAt && (
                    <Tooltip label={`Last reading is older than ${MeterLimits.staleDays} days`}>
                      <Badge size="xs" color="orange" variant="light" tt="none">
                        stale
                      </Badge>
                    </Tooltip>
                  )}
                </Group>
              </Stack>
              {mayWrite && (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPlus size={14} />}
                  onClick={() => setAdding(m)}
                  aria-label={`Add reading: ${meterTitle(m)}`}
                  // Keeps its width beside a wide value at 390 px (it shrank and cut its label off).
                  style={{ flexShrink: 0 }}
                >
                  Add reading
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Card padding="lg" component="section" aria-labelledby="meters-title">
      <Group gap="xs" mb="sm">
        <IconGauge size={18} />
        <Text fw={700} id="meters-title">
          Meters
        </Text>
      </Group>
      {body}
      {adding && <ReadingDialog meter={adding} onClose={() => setAdding(null)} />}
    </Card>
  );
}
