import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconReportMoney } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../core/context';
import { machineKeys, machinesApi } from '../../api/machines';
import { Page, PageHeader } from '../../components/PageHeader';
import { EmptyBlock, LoadingState } from '../../components/states';
import { serverFieldErrors } from '../../core/forms/server-errors';
import { reportKeys, reportPaths, reportsApi, type ReportScope } from './api';
import { CostFigures, isEmptyReport } from './CostFigures';
import { DownloadButton } from './DownloadButton';
import { EconomySection } from './EconomySection';
import { FleetTable } from './FleetTable';
import { rowAsTotals } from './report-figures';
import { ReportFailure } from './ReportFailure';
import { PeriodPicker, ScopePicker, useReportParams } from './ReportFilters';
import { useTranslation } from 'react-i18next';
import './i18n';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/format';
import type { Period, ScopeFilter } from './report-period';

/** '2026-01-01 to 2026-03-09 · all machines': the period (in the member's date format) and the machines. */
function scopeSummary(t: TFunction<'reports'>, period: Period, scope: ScopeFilter, name: string | undefined): string {
  const days = { from: formatDate(period.from), to: formatDate(period.to) };
  if (scope.kind === 'type') {
    return t('scopeSummary.type', { ...days, type: scope.type });
  }
  return scope.kind === 'machine' ? t('scopeSummary.machine', { ...days, name: name ?? t('scopeSummary.oneMachine') }) : t('scopeSummary.all', days);
}

/**
 * The Reports screen (issue 22): for a period and a set of machines, cost by month stacked by
 * category, totals and cost per unit, fuel economy per machine, and the fleet table with its CSV.
 */
export default function ReportsPage() {
  const api = useApi();
  const { t } = useTranslation('reports');
  const params = useReportParams();
  const { period, scope } = params;
  const machines = useQuery({ queryKey: machineKeys.list(), queryFn: () => machinesApi.all(api) });
  const reportScope: ReportScope | null = period && {
    ...period,
    machineId: scope.kind === 'machine' ? scope.machineId : undefined,
    type: scope.kind === 'type' ? scope.type : undefined,
  };
  const fleetScope = period && { ...period, type: scope.kind === 'type' ? scope.type : undefined };
  const costs = useQuery({
    queryKey: reportKeys.costs(reportScope ?? { from: '', to: '' }),
    queryFn: () => reportsApi.costs(api, reportScope!),
    enabled: reportScope !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const fleet = useQuery({
    queryKey: reportKeys.fleet(fleetScope ?? { from: '', to: '' }),
    queryFn: () => reportsApi.fleet(api, fleetScope!),
    enabled: fleetScope !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  // One machine chosen: the fleet table shows its row (the fleet call has no machine filter).
  const rows = (fleet.data?.rows ?? []).filter((r) => scope.kind !== 'machine' || r.machineId === scope.machineId);
  const chosen = scope.kind === 'machine' ? machines.data?.find((m) => m.id === scope.machineId) : undefined;
  const fieldErrors = { ...serverFieldErrors(fleet.error), ...serverFieldErrors(costs.error) };
  // One machine chosen: the totals row is its row (in its unit); else the server's fleet totals.
  const fleetTotals = scope.kind === 'machine' && rows[0] ? rowAsTotals(rows[0]) : fleet.data?.totals;

  let costsBody;
  if (params.zonePending) {
    costsBody = <LoadingState text={t('loadingCosts')} />;
  } else if (!period) {
    costsBody = (
      <Text c="dimmed" py="md">
        {t('choosePeriod')}
      </Text>
    );
  } else if (costs.isPending) {
    costsBody = <LoadingState text={t('loadingCosts')} />;
  } else if (costs.isError) {
    costsBody = <ReportFailure error={costs.error} text={t('costsFailed')} onRetry={() => void costs.refetch()} />;
  } else if (isEmptyReport(costs.data)) {
    costsBody = <EmptyBlock icon={<IconReportMoney size={28} />} title={t('noCosts.title')} description={t('noCosts.description')} />;
  } else {
    costsBody = <CostFigures report={costs.data} period={period} />;
  }

  let fleetBody;
  if (!period) {
    fleetBody = null;
  } else if (fleet.isPending) {
    fleetBody = <LoadingState text={t('loadingFleet')} />;
  } else if (fleet.isError) {
    fleetBody = <ReportFailure error={fleet.error} text={t('fleetFailed')} onRetry={() => void fleet.refetch()} />;
  } else if (rows.length === 0 || !fleetTotals) {
    fleetBody = (
      <Text c="dimmed" py="md">
        {t('noMachineMatches')}
      </Text>
    );
  } else {
    fleetBody = <FleetTable rows={rows} totals={fleetTotals} />;
  }

  const economyMachines =
    scope.kind === 'machine'
      ? [{ id: scope.machineId, name: chosen?.name ?? t('machineById', { id: scope.machineId }) }]
      : rows
          .filter((r) => r.fuelEconomy !== null && r.machineId !== null)
          .sort((a, b) => b.fuel - a.fuel)
          .map((r) => ({ id: r.machineId as number, name: r.machineName }));

  return (
    <Page>
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <Stack gap="lg">
        <Card padding="lg" component="section" aria-label={t('page.filters')}>
          <Group gap="md" align="flex-end" wrap="wrap">
            <PeriodPicker params={params} fieldErrors={fieldErrors} />
            <ScopePicker params={params} machines={machines.data ?? []} />
          </Group>
          {period && (
            <Text size="sm" c="dimmed" mt="sm" aria-live="polite">
              {scopeSummary(t, period, scope, chosen?.name)}
            </Text>
          )}
        </Card>
        {costsBody}
        {period && !costs.isError && <EconomySection machines={economyMachines} period={period} />}
        {period && (
          <Card padding="lg" component="section" aria-label={t('page.fleetTable')}>
            <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap" gap="sm">
              <Title order={2} fz="lg">
                {t('page.fleet')}
              </Title>
              {fleetScope && (
                <DownloadButton
                  path={reportPaths.fleetCsv(fleetScope)}
                  accept="text/csv"
                  fallbackName={`fleet-${fleetScope.from}-${fleetScope.to}.csv`}
                  label={t('download.csv')}
                  preparingText={t('download.preparingCsv')}
                />
              )}
            </Group>
            {fleetBody}
          </Card>
        )}
      </Stack>
    </Page>
  );
}
