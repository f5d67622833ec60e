import { Anchor, Table, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { SortableTh } from '../../components/SortableTh';
import { nextSort, type SortState } from '../../lib/sort';
import type { FleetRow } from './api';
import { coverText, economyText, FLEET_COLUMNS, perUnitText, sortFleet, usageText, type FleetField, type FleetTotals } from './report-figures';
import { formatPrice } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import './i18n';

/**
 * The fleet table: one row per machine, sortable by every column (figures start largest first),
 * each distance in its machine's unit, and the server's totals row (money summed; distance in
 * miles; cost per mile over the machines with a distance, per hour over those with hours).
 */
export function FleetTable({ rows, totals }: { rows: FleetRow[]; totals: FleetTotals }) {
  const { t } = useTranslation('reports');
  const [sort, setSort] = useState<SortState<FleetField>>({ field: 'total', direction: 'desc' });
  const sorted = useMemo(() => sortFleet(rows, sort), [rows, sort]);
  const onSort = (field: FleetField) => setSort((s) => nextSort(s, field, field === 'machineName' ? 'asc' : 'desc'));
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover fz="sm" aria-label={t('fleet.label')} verticalSpacing={6} horizontalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {FLEET_COLUMNS.map((field) => (
              <SortableTh key={field} field={field} sort={sort} onSort={onSort}>
                {t(`fleet.columns.${field}`)}
              </SortableTh>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((r) => (
            <Table.Tr key={r.machineId ?? 'unassigned'}>
              <Table.Td>
                {r.machineId === null ? (
                  // Part purchases that name no machine: counted so the totals equal the records.
                  <Text span size="sm" fs="italic" title={t('fleet.noMachine')}>
                    {r.machineName}
                  </Text>
                ) : (
                  <Anchor component={Link} to={`/machines/${r.machineId}?tab=reports`} size="sm" fw={600}>
                    {r.machineName}
                  </Anchor>
                )}
              </Table.Td>
              <Table.Td ta="right">{formatPrice(r.fuel)}</Table.Td>
              <Table.Td ta="right">{formatPrice(r.service)}</Table.Td>
              <Table.Td ta="right">{formatPrice(r.parts)}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {formatPrice(r.total)}
              </Table.Td>
              <Table.Td ta="right">{usageText(r.distance, r.distanceUnit ?? '').trim()}</Table.Td>
              <Table.Td ta="right">{usageText(r.hours, '').trim()}</Table.Td>
              <Table.Td ta="right">{perUnitText(r.costPerDistance, r.distanceUnit ?? '')}</Table.Td>
              <Table.Td ta="right">{formatPrice(r.costPerHour)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {economyText(r.fuelEconomy, r.economyUnit)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700} data-testid="fleet-totals">
            <Table.Th scope="row">{t('fleet.total', { count: rows.length })}</Table.Th>
            <Table.Td ta="right">{formatPrice(totals.fuel)}</Table.Td>
            <Table.Td ta="right">{formatPrice(totals.service)}</Table.Td>
            <Table.Td ta="right">{formatPrice(totals.parts)}</Table.Td>
            <Table.Td ta="right">{formatPrice(totals.total)}</Table.Td>
            <Table.Td ta="right">{usageText(totals.distance, totals.distanceUnit)}</Table.Td>
            <Table.Td ta="right">{usageText(totals.hours, '').trim()}</Table.Td>
            <Table.Td ta="right" title={`${t('figures.costPer', { unit: totals.distanceUnit })}${coverText(totals.covers.distance)}`}>
              {perUnitText(totals.costPerDistance, totals.distanceUnit)}
            </Table.Td>
            <Table.Td ta="right" title={`${t('figures.costPerHour')}${coverText(totals.covers.hours)}`}>
              {perUnitText(totals.costPerHour, 'h')}
            </Table.Td>
            {/* Economy is a ratio per machine: a sum of them means nothing. */}
            <Table.Td ta="right" aria-label={t('fleet.economyNotSummed')} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
