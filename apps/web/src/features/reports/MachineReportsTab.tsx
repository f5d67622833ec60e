import { Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconReportMoney } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../core/context';
import { EmptyBlock, LoadingState } from '../../components/states';
import { serverFieldErrors } from '../../core/forms/server-errors';
import { reportKeys, reportPaths, reportsApi, type PhotoMode } from './api';
import { CostFigures, isEmptyReport } from './CostFigures';
import { DownloadButton } from './DownloadButton';
import { EconomySection } from './EconomySection';
import { ReportFailure } from './ReportFailure';
import { PeriodPicker, useReportParams } from './ReportFilters';

/** A machine's Reports tab: the Reports screen's figures for this machine, and its history as CSV and PDF. */
export function MachineReportsTab({ machineId, machineName }: { machineId: number; machineName: string }) {
  const api = useApi();
  const params = useReportParams();
  const { period } = params;
  const [photos, setPhotos] = useState<PhotoMode>('thumbnails');
  const scope = period && { ...period, machineId };
  const costs = useQuery({
    queryKey: reportKeys.costs(scope ?? { from: '', to: '' }),
    queryFn: () => reportsApi.costs(api, scope!),
    enabled: scope !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  let body;
  if (params.zonePending) {
    body = <LoadingState text="Loading costs..." />;
  } else if (!period) {
    body = (
      <Text c="dimmed" py="md">
        Choose the first and last day of the period.
      </Text>
    );
  } else if (costs.isPending) {
    body = <LoadingState text="Loading costs..." />;
  } else if (costs.isError) {
    body = <ReportFailure error={costs.error} text="Failed to load costs" onRetry={() => void costs.refetch()} />;
  } else if (isEmptyReport(costs.data)) {
    body = (
      <EmptyBlock
        icon={<IconReportMoney size={28} />}
        title="No costs in this period"
        description="This machine's service records, fuel records and part purchases dated in the period appear here."
      />
    );
  } else {
    body = <CostFigures report={costs.data} period={period} />;
  }

  const safeName = machineName.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || `machine-${machineId}`;
  return (
    <Stack gap="lg">
      <PeriodPicker params={params} fieldErrors={serverFieldErrors(costs.error)} />
      {body}
      {period && !costs.isError && <EconomySection machines={[{ id: machineId, name: machineName }]} period={period} />}
      {period && (
        <Card withBorder component="section" aria-label="Download history">
          <Title order={3} fz="md" mb={4}>
            Download history
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Every service record, fuel record and part purchase from {period.from} to {period.to}.
          </Text>
          <Group gap="md" align="flex-start" wrap="wrap">
            <DownloadButton
              path={reportPaths.historyCsv(machineId, period.from, period.to)}
              accept="text/csv"
              fallbackName={`${safeName}-history.csv`}
              label="Download CSV"
              preparingText="Preparing CSV..."
            />
            <Stack gap={6}>
              <SegmentedControl
                aria-label="Photos in the PDF"
                size="xs"
                value={photos}
                onChange={(v) => setPhotos(v === 'full' ? 'full' : 'thumbnails')}
                data={[
                  { value: 'thumbnails', label: 'Thumbnails' },
                  { value: 'full', label: 'With full-size photos' },
                ]}
              />
              <DownloadButton
                path={reportPaths.historyPdf(machineId, period.from, period.to, photos)}
                accept="application/pdf"
                fallbackName={`${safeName}-history.pdf`}
                label="Download PDF"
                preparingText="Preparing PDF..."
              />
            </Stack>
          </Group>
        </Card>
      )}
    </Stack>
  );
}
