import { Box, Card, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../components/states';
import type { CostReport } from './api';
import { coverText, distanceUnitName, monthRows, perUnitText, usageText } from './report-figures';
import { formatPrice } from '../../lib/format';
import { monthLabel, type Period } from './report-period';
import { useTranslation } from 'react-i18next';
import './i18n';

const CostByMonthChart = lazy(() => import('./CostByMonthChart'));

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The figures of a costs report: totals per category, cost per distance and per hour ("n/a" when
 * usage is 0 or unknown, each over the machines that have that usage, named), then cost by month
 * stacked by category, as a chart and as a table. The distance unit is the report's: the machine's
 * for one machine, miles across several (km converted by the server).
 */
export function CostFigures({ report, period }: { report: CostReport; period: Period }) {
  const months = monthRows(report.months, period.from, period.to);
  const { totals } = report;
  const distanceUnit = report.usage.distanceUnit;
  const { t } = useTranslation('reports');
  const usage = (text: string, covers: readonly string[] | undefined) => `${t('figures.usage', { usage: text })}${coverText(covers)}`;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="section" aria-label={t('figures.totals')}>
        <Stat label={t('figures.fuel')} value={formatPrice(totals.fuel)} />
        <Stat label={t('figures.service')} value={formatPrice(totals.service)} />
        <Stat label={t('figures.parts')} value={formatPrice(totals.parts)} />
        <Stat label={t('figures.total')} value={formatPrice(totals.total)} />
        <Stat
          label={t('figures.costPer', { unit: distanceUnitName(distanceUnit) })}
          value={perUnitText(report.costPerDistance, distanceUnit)}
          hint={usage(usageText(report.usage.distance, distanceUnit), report.covers.distance)}
        />
        <Stat
          label={t('figures.costPerEngineHour')}
          value={perUnitText(report.costPerHour, 'h')}
          hint={usage(usageText(report.usage.hours, 'h'), report.covers.hours)}
        />
      </SimpleGrid>
      <Card withBorder component="section" aria-label={t('figures.costByMonth')}>
        <Title order={3} fz="md" mb="sm">
          {t('figures.costByMonth')}
        </Title>
        <Suspense fallback={<LoadingState text={t('figures.loadingChart')} />}>
          <CostByMonthChart months={months} />
        </Suspense>
        {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too (it has no links). */}
        <Box mt="md" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('figures.costByMonthTable')}>
          <Table striped fz="sm" aria-label={t('figures.costByMonth')} verticalSpacing={6} miw={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('figures.month')}</Table.Th>
                <Table.Th ta="right">{t('figures.fuel')}</Table.Th>
                <Table.Th ta="right">{t('figures.service')}</Table.Th>
                <Table.Th ta="right">{t('figures.parts')}</Table.Th>
                <Table.Th ta="right">{t('figures.total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {months.map((m) => (
                <Table.Tr key={m.month}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{monthLabel(m.month)}</Table.Td>
                  <Table.Td ta="right">{formatPrice(m.fuel)}</Table.Td>
                  <Table.Td ta="right">{formatPrice(m.service)}</Table.Td>
                  <Table.Td ta="right">{formatPrice(m.parts)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatPrice(m.total)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th scope="row">{t('figures.total')}</Table.Th>
                <Table.Td ta="right">{formatPrice(totals.fuel)}</Table.Td>
                <Table.Td ta="right">{formatPrice(totals.service)}</Table.Td>
                <Table.Td ta="right">{formatPrice(totals.parts)}</Table.Td>
                <Table.Td ta="right">{formatPrice(totals.total)}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Box>
      </Card>
    </Stack>
  );
}

/** True when the period has no cost at all (the empty state instead of a chart of zeros). */
export function isEmptyReport(report: CostReport): boolean {
  return Number(report.totals.total) === 0 && report.months.every((m) => Number(m.total) === 0);
}
