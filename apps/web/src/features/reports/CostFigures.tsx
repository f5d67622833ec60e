import { Box, Card, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../components/states';
import type { CostReport } from './api';
import { coverText, distanceUnitName, monthRows, perUnitText, usageText } from './report-figures';
import { formatPrice } from '../../lib/format';
import { monthLabel, type Period } from './report-period';

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
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="section" aria-label="Totals">
        <Stat label="Fuel" value={formatPrice(totals.fuel)} />
        <Stat label="Service" value={formatPrice(totals.service)} />
        <Stat label="Parts" value={formatPrice(totals.parts)} />
        <Stat label="Total" value={formatPrice(totals.total)} />
        <Stat
          label={`Cost per ${distanceUnitName(distanceUnit)}`}
          value={perUnitText(report.costPerDistance, distanceUnit)}
          hint={`Usage ${usageText(report.usage.distance, distanceUnit)}${coverText(report.covers.distance)}`}
        />
        <Stat
          label="Cost per engine hour"
          value={perUnitText(report.costPerHour, 'h')}
          hint={`Usage ${usageText(report.usage.hours, 'h')}${coverText(report.covers.hours)}`}
        />
      </SimpleGrid>
      <Card withBorder component="section" aria-label="Cost by month">
        <Title order={3} fz="md" mb="sm">
          Cost by month
        </Title>
        <Suspense fallback={<LoadingState text="Loading chart..." />}>
          <CostByMonthChart months={months} />
        </Suspense>
        {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too (it has no links). */}
        <Box mt="md" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Cost by month, table">
          <Table striped fz="sm" aria-label="Cost by month" verticalSpacing={6} miw={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th ta="right">Fuel</Table.Th>
                <Table.Th ta="right">Service</Table.Th>
                <Table.Th ta="right">Parts</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
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
                <Table.Th scope="row">Total</Table.Th>
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
