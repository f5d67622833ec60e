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

/**
 * The Reports screen (issue 22): for a period and a set of machines, cost by month stacked by
 * category, totals and cost per unit, fuel economy per machine, and the fleet table with its CSV.
 */
export default function ReportsPage() {
  const api = useApi();
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
    costsBody = <LoadingState text="Loading costs..." />;
  } else if (!period) {
    costsBody = (
      <Text c="dimmed" py="md">
        Choose the first and last day of the period.
      </Text>
    );
  } else if (costs.isPending) {
    costsBody = <LoadingState text="Loading costs..." />;
  } else if (costs.isError) {
    costsBody = <ReportFailure error={costs.error} text="Failed to load costs" onRetry={() => void costs.refetch()} />;
  } else if (isEmptyReport(costs.data)) {
    costsBody = (
      <EmptyBlock
        icon={<IconReportMoney size={28} />}
        title="No costs in this period"
        description="Service records, fuel records and part purchases dated in the period appear here."
      />
    );
  } else {
    costsBody = <CostFigures report={costs.data} period={period} />;
  }

  let fleetBody;
  if (!period) {
    fleetBody = null;
  } else if (fleet.isPending) {
    fleetBody = <LoadingState text="Loading the fleet table..." />;
  } else if (fleet.isError) {
    fleetBody = <ReportFailure error={fleet.error} text="Failed to load the fleet table" onRetry={() => void fleet.refetch()} />;
  } else if (rows.length === 0 || !fleetTotals) {
    fleetBody = (
      <Text c="dimmed" py="md">
        No machine matches these filters.
      </Text>
    );
  } else {
    fleetBody = <FleetTable rows={rows} totals={fleetTotals} />;
  }

  const economyMachines =
    scope.kind === 'machine'
      ? [{ id: scope.machineId, name: chosen?.name ?? `Machine ${scope.machineId}` }]
      : rows
          .filter((r) => r.fuelEconomy !== null && r.machineId !== null)
          .sort((a, b) => b.fuel - a.fuel)
          .map((r) => ({ id: r.machineId as number, name: r.machineName }));

  return (
    <Page>
      <PageHeader title="Reports" description="What your machines cost and how they are used." />
      <Stack gap="lg">
        <Card padding="lg" component="section" aria-label="Report filters">
          <Group gap="md" align="flex-end" wrap="wrap">
            <PeriodPicker params={params} fieldErrors={fieldErrors} />
            <ScopePicker params={params} machines={machines.data ?? []} />
          </Group>
          {period && (
            <Text size="sm" c="dimmed" mt="sm" aria-live="polite">
              {period.from} to {period.to}
              {scope.kind === 'type' ? ` · ${scope.type}` : scope.kind === 'machine' ? ` · ${chosen?.name ?? 'one machine'}` : ' · all machines'}
            </Text>
          )}
        </Card>
        {costsBody}
        {period && !costs.isError && <EconomySection machines={economyMachines} period={period} />}
        {period && (
          <Card padding="lg" component="section" aria-label="Fleet table">
            <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap" gap="sm">
              <Title order={2} fz="lg">
                Fleet
              </Title>
              {fleetScope && (
                <DownloadButton
                  path={reportPaths.fleetCsv(fleetScope)}
                  accept="text/csv"
                  fallbackName={`fleet-${fleetScope.from}-${fleetScope.to}.csv`}
                  label="Download CSV"
                  preparingText="Preparing CSV..."
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
