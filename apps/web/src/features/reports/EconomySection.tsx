import { Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconGasStation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useApi } from '../../core/context';
import { EmptyBlock, LoadingState } from '../../components/states';
import { reportKeys, reportsApi } from './api';
import { economyText, economyUnitLabel, overallEconomy } from './report-figures';
import type { Period } from './report-period';
import { ReportFailure } from './ReportFailure';

const EconomyChart = lazy(() => import('./EconomyChart'));

/**
 * Fuel economy over time, full fill to full fill, for one machine at a time: the machine chosen in
 * `machines` (the fleet's machines with an economy), in its own unit (MPG, or L/100 km for metric ones).
 */
export function EconomySection({ machines, period }: { machines: { id: number; name: string }[]; period: Period }) {
  const api = useApi();
  const [chosen, setChosen] = useState<number | null>(null);
  const machineId = chosen !== null && machines.some((m) => m.id === chosen) ? chosen : (machines[0]?.id ?? null);
  const query = useQuery({
    queryKey: reportKeys.economy(machineId ?? 0, period.from, period.to),
    queryFn: () => reportsApi.economy(api, machineId ?? 0, period.from, period.to),
    enabled: machineId !== null,
    staleTime: 0,
  });

  let body;
  if (machineId === null) {
    body = (
      <EmptyBlock
        icon={<IconGasStation size={28} />}
        title="No fuel economy in this period"
        description="Economy is measured from one full tank to the next: it needs two full fill-ups with their mileage."
      />
    );
  } else if (query.isPending) {
    body = <LoadingState text="Loading fuel economy..." />;
  } else if (query.isError) {
    body = <ReportFailure error={query.error} text="Failed to load fuel economy" onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = (
      <EmptyBlock
        icon={<IconGasStation size={28} />}
        title="No fuel economy in this period"
        description="Economy is measured from one full tank to the next: it needs two full fill-ups with their mileage, and none across a missed fill-up."
      />
    );
  } else {
    const points = query.data;
    const unit = points[0].unit;
    // Issue 38: the period's figure is the fleet table's (distance over fuel), and says so.
    const overall = overallEconomy(points);
    body = (
      <Stack gap="xs">
        <Text size="sm" aria-live="polite">
          {points.length} full {points.length === 1 ? 'fill' : 'fills'}; latest {economyText(points[points.length - 1].economy, unit)}
          {overall !== null && <>, overall {economyText(overall, unit)} (the total distance over the total fuel, as in the fleet table)</>}.
        </Text>
        <Suspense fallback={<LoadingState text="Loading chart..." />}>
          <EconomyChart points={points} />
        </Suspense>
      </Stack>
    );
  }

  return (
    <Card withBorder component="section" aria-label="Fuel economy">
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap" gap="xs">
        <Title order={3} fz="md">
          Fuel economy{query.data?.[0] ? ` (${economyUnitLabel(query.data[0].unit)})` : ''}
        </Title>
        {machines.length > 1 && (
          <NativeSelect
            label="Machine"
            size="xs"
            data={machines.map((m) => ({ value: String(m.id), label: m.name }))}
            value={String(machineId)}
            onChange={(e) => setChosen(Number(e.currentTarget.value))}
            w={{ base: '100%', xs: 220 }}
          />
        )}
      </Group>
      {body}
    </Card>
  );
}
