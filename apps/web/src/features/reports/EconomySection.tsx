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
import { useTranslation } from 'react-i18next';
import './i18n';

const EconomyChart = lazy(() => import('./EconomyChart'));

/**
 * Fuel economy over time, full fill to full fill, for one machine at a time: the machine chosen in
 * `machines` (the fleet's machines with an economy), in its own unit (MPG, or L/100 km for metric ones).
 */
export function EconomySection({ machines, period }: { machines: { id: number; name: string }[]; period: Period }) {
  const api = useApi();
  const { t } = useTranslation('reports');
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
    body = <EmptyBlock icon={<IconGasStation size={28} />} title={t('economy.none')} description={t('economy.needsFills')} />;
  } else if (query.isPending) {
    body = <LoadingState text={t('economy.loading')} />;
  } else if (query.isError) {
    body = <ReportFailure error={query.error} text={t('economy.failed')} onRetry={() => void query.refetch()} />;
  } else if (query.data.length === 0) {
    body = <EmptyBlock icon={<IconGasStation size={28} />} title={t('economy.none')} description={t('economy.needsFillsNoGap')} />;
  } else {
    const points = query.data;
    const unit = points[0].unit;
    // Issue 38: the period's figure is the fleet table's (distance over fuel), and says so.
    const overall = overallEconomy(points);
    const latest = economyText(points[points.length - 1].economy, unit);
    body = (
      <Stack gap="xs">
        <Text size="sm" aria-live="polite">
          {overall === null
            ? t('economy.summary', { count: points.length, latest })
            : t('economy.summaryOverall', { count: points.length, latest, overall: economyText(overall, unit) })}
        </Text>
        <Suspense fallback={<LoadingState text={t('figures.loadingChart')} />}>
          <EconomyChart points={points} />
        </Suspense>
      </Stack>
    );
  }

  return (
    <Card withBorder component="section" aria-label={t('economy.title')}>
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap" gap="xs">
        <Title order={3} fz="md">
          {query.data?.[0] ? t('economy.titleIn', { unit: economyUnitLabel(query.data[0].unit) }) : t('economy.title')}
        </Title>
        {machines.length > 1 && (
          <NativeSelect
            label={t('economy.machine')}
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
