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
import { useTranslation } from 'react-i18next';
import './i18n';
import { formatDate } from '../../lib/format';

/** A machine's Reports tab: the Reports screen's figures for this machine, and its history as CSV and PDF. */
export function MachineReportsTab({ machineId, machineName }: { machineId: number; machineName: string }) {
  const api = useApi();
  const { t } = useTranslation('reports');
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
    body = <LoadingState text={t('loadingCosts')} />;
  } else if (!period) {
    body = (
      <Text c="dimmed" py="md">
        {t('choosePeriod')}
      </Text>
    );
  } else if (costs.isPending) {
    body = <LoadingState text={t('loadingCosts')} />;
  } else if (costs.isError) {
    body = <ReportFailure error={costs.error} text={t('costsFailed')} onRetry={() => void costs.refetch()} />;
  } else if (isEmptyReport(costs.data)) {
    body = <EmptyBlock icon={<IconReportMoney size={28} />} title={t('noCosts.title')} description={t('noCosts.machine')} />;
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
        <Card withBorder component="section" aria-label={t('history.title')}>
          <Title order={3} fz="md" mb={4}>
            {t('history.title')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('history.description', { from: formatDate(period.from), to: formatDate(period.to) })}
          </Text>
          <Group gap="md" align="flex-start" wrap="wrap">
            <DownloadButton
              path={reportPaths.historyCsv(machineId, period.from, period.to)}
              accept="text/csv"
              fallbackName={`${safeName}-history.csv`}
              label={t('download.csv')}
              preparingText={t('download.preparingCsv')}
            />
            <Stack gap={6}>
              <SegmentedControl
                aria-label={t('history.photos')}
                size="xs"
                value={photos}
                onChange={(v) => setPhotos(v === 'full' ? 'full' : 'thumbnails')}
                data={[
                  { value: 'thumbnails', label: t('history.thumbnails') },
                  { value: 'full', label: t('history.fullPhotos') },
                ]}
              />
              <DownloadButton
                path={reportPaths.historyPdf(machineId, period.from, period.to, photos)}
                accept="application/pdf"
                fallbackName={`${safeName}-history.pdf`}
                label={t('download.pdf')}
                preparingText={t('download.preparingPdf')}
              />
            </Stack>
          </Group>
        </Card>
      )}
    </Stack>
  );
}
