import { Badge, Box, Card, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { IconCalendarDue, IconGasStation, IconGauge, IconReportAnalytics, IconShoppingCart, IconTool } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MACHINE_HISTORY_LIMITS, type Right } from '@wrenchlog/contracts/limits';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApi } from '../../core/context';
import type { ApiClient } from '../../api/client';
import { DESKTOP_QUERY } from '../../core/theme';
import type { FuelRecord, Page, Purchase, ServiceRecordRow } from '../../api/types';
import { formatNumber, orNA } from '../../lib/format';
import { useUnits, type Units } from '../../core/preferences';
import { FuelRecordForm } from '../fuel-record/FuelRecordForm';
import { fuelFlags } from '../fuel-record/fuel-flags';
import { PartPurchaseForm } from '../part-purchase/PartPurchaseForm';
import { ServiceRecordForm } from '../service-record/ServiceRecordForm';
import { MetersTab } from '../schedules/MetersTab';
import { MachineReportsTab } from '../reports/MachineReportsTab';
import { SchedulesTab } from '../schedules/SchedulesTab';
import { historyKeys } from '../../core/query-keys';
import { useRights } from '../../core/rights';
import { HistoryTable, type HistoryColumn } from './HistoryTable';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import './i18n';

type T = TFunction<'history'>;

export type HistoryTab = 'fuel' | 'service' | 'parts' | 'meters' | 'schedules' | 'reports';
const TABS: HistoryTab[] = ['fuel', 'service', 'parts', 'meters', 'schedules', 'reports'];
/** The right each tab needs (issue 32): an operator sees fuel, meters and schedules only. */
const TAB_RIGHTS: Record<HistoryTab, Right> = {
  fuel: 'fuel.read',
  service: 'record.read',
  parts: 'inventory.read',
  meters: 'meter.read',
  schedules: 'schedule.read',
  reports: 'report.read',
};

/** One page of a machine's history, newest first (issue 25, item 9: the tabs load more on demand). */
const historyPage = <T,>(api: ApiClient, path: string, page: number): Promise<Page<T>> =>
  api.get<Page<T>>(`${path}?page=${page}&size=${MACHINE_HISTORY_LIMITS.pageSize}`);

/** What differs between the three tabs; everything else is one component. */
interface TabKind<Row extends { id: number }> {
  /** The list's path; pages of it are loaded as the user asks for more. */
  path: (machineId: number) => string;
  /** In the member's units and currency (issue 34); `compact` below the desktop width, where fewer columns fit. */
  columns: (u: Units, compact: boolean, t: T) => HistoryColumn<Row>[];
  pageSize: number;
  /** Its texts in the history namespace: loading, failed, empty (and filter, note where it has them). */
  texts: 'fuel' | 'service' | 'parts';
  /** The filter box's text per row (its placeholder: `<texts>.filter`). */
  filter?: (row: Row) => string;
  /** What a column means, under the list (`fuel.note`). */
  note?: boolean;
  icon: ReactNode;
  /** The form route 'Add New' opens (full mode, for this machine). */
  formPath: string;
  /** The right 'Add New' needs. */
  write: Right;
  /** The record's own form, read only (fastView), under the list (spec doc 2 section 2). */
  preview: (id: number, machineId: number, close: () => void) => ReactNode;
}

const FUEL: TabKind<FuelRecord> = {
  path: (id) => `/api/fuel-records/machine/${id}`,
  // Issue 38: the odometer and each fill's economy, as LubeLogger's fuel list shows them. On a phone
  // they go under the date and the amount, so the cost stays in view without scrolling sideways.
  columns: (u, compact, t) =>
    compact
      ? [
          {
            key: 'date',
            label: t('columns.date'),
            value: (r) => r.dateOfPurchase,
            render: (r) => (
              <WithUnder main={u.date(r.dateOfPurchase)} name={t('columns.odometer')} under={r.currentMileage === null ? null : u.distance(r.currentMileage)} />
            ),
          },
          {
            key: 'amount',
            label: `${t('columns.amount')} (${u.volumeLabel})`,
            value: (r) => Number(r.amount),
            render: (r) => (
              <WithUnder main={<FuelAmount record={r} units={u} />} name={t('columns.economy')} under={r.mpg === null ? null : u.economy(r.mpg)} />
            ),
          },
          {
            key: 'cost',
            label: `${t('columns.cost')} (${u.currencySymbol})`,
            value: (r) => Number(r.totalPrice),
            render: (r) => u.amount(r.totalPrice),
            money: true,
          },
        ]
      : [
          { key: 'date', label: t('columns.date'), value: (r) => r.dateOfPurchase, render: (r) => u.date(r.dateOfPurchase) },
          {
            key: 'amount',
            label: `${t('columns.amount')} (${u.volumeLabel})`,
            value: (r) => Number(r.amount),
            render: (r) => <FuelAmount record={r} units={u} />,
          },
          {
            key: 'odometer',
            label: `${t('columns.odometer')} (${u.distanceLabel})`,
            value: (r) => r.currentMileage,
            render: (r) => u.distance(r.currentMileage, false),
          },
          { key: 'economy', label: `${t('columns.economy')} (${u.economyLabel})`, value: (r) => r.mpg, render: (r) => u.economy(r.mpg, false) },
          {
            key: 'cost',
            label: `${t('columns.cost')} (${u.currencySymbol})`,
            value: (r) => Number(r.totalPrice),
            render: (r) => u.amount(r.totalPrice),
            money: true,
          },
        ],
  note: true,
  pageSize: 8,
  texts: 'fuel',
  icon: <IconGasStation size={28} />,
  formPath: '/fuel-record',
  write: 'fuel.write',
  preview: (id, machineId, close) => <FuelRecordForm key={id} mode="fastView" recordId={id} machineId={machineId} onCancel={close} />,
};

const SERVICE: TabKind<ServiceRecordRow> = {
  path: (id) => `/api/services/machine/${id}`,
  columns: (u, _compact, t) => [
    { key: 'date', label: t('columns.date'), value: (r) => r.serviceDate, render: (r) => u.date(r.serviceDate) },
    { key: 'service', label: t('columns.service'), value: (r) => r.title, render: (r) => orNA(r.title) },
    { key: 'cost', label: `${t('columns.cost')} (${u.currencySymbol})`, value: (r) => Number(r.price), render: (r) => u.amount(r.price), money: true },
  ],
  pageSize: 8,
  filter: (r) => `${r.title ?? ''} ${r.serviceType ?? ''}`,
  texts: 'service',
  icon: <IconTool size={28} />,
  formPath: '/service-record',
  write: 'record.write',
  preview: (id, machineId, close) => <ServiceRecordForm key={id} mode="fastView" recordId={id} machineId={machineId} onCancel={close} />,
};

const PARTS: TabKind<Purchase> = {
  path: (id) => `/api/purchases/getrecentForMachine/${id}`,
  columns: (u, _compact, t) => [
    { key: 'date', label: t('columns.date'), value: (r) => r.purchaseDate, render: (r) => u.date(r.purchaseDate) },
    { key: 'part', label: t('columns.part'), value: (r) => r.partName, render: (r) => orNA(r.partName) },
    { key: 'quantity', label: t('columns.quantity'), value: (r) => Number(r.quantity), render: (r) => formatNumber(r.quantity) },
    // The line's cost is quantity x unit price; the unit price follows where there is room.
    {
      key: 'cost',
      label: `${t('columns.cost')} (${u.currencySymbol})`,
      value: (r) => lineTotal(r),
      render: (r) => <PurchaseCost row={r} units={u} />,
      money: true,
    },
  ],
  pageSize: 10,
  filter: (r) => r.partName ?? '',
  texts: 'parts',
  icon: <IconShoppingCart size={28} />,
  formPath: '/part-purchase',
  write: 'inventory.write',
  preview: (id, machineId, close) => <PartPurchaseForm key={id} mode="fastView" recordId={id} machineId={machineId} onCancel={close} />,
};

/** A cell's value with a second one, named for screen readers, under it (phones: fewer columns). */
function WithUnder({ main, name, under }: { main: ReactNode; name: string; under: string | null }) {
  return (
    <>
      {main}
      {under !== null && (
        <Text size="xs" c="dimmed">
          <VisuallyHidden>{name} </VisuallyHidden>
          {under}
        </Text>
      )}
    </>
  );
}

/** The amount, marked when the fill-up switches of issue 22 make it count differently in fuel economy. */
function FuelAmount({ record, units }: { record: FuelRecord; units: Units }) {
  const { fullTank, missedPrevious } = fuelFlags(record);
  const { t } = useTranslation('history');
  return (
    <>
      {units.volume(record.amount, false)}
      {!fullTank && (
        <Badge size="xs" variant="light" color="gray" ml={6} title={t('fuel.partialHint')}>
          {t('fuel.partial')}
        </Badge>
      )}
      {missedPrevious && (
        <Badge size="xs" variant="light" color="yellow" ml={6} title={t('fuel.afterMissedHint')}>
          {t('fuel.afterMissed')}
        </Badge>
      )}
    </>
  );
}

function lineTotal(r: Purchase): number {
  return Math.round(Number(r.quantity) * Number(r.price) * 100) / 100;
}

function PurchaseCost({ row, units }: { row: Purchase; units: Units }) {
  const { t } = useTranslation('history');
  return (
    <>
      {units.amount(lineTotal(row))}
      {Number(row.quantity) !== 1 && (
        <Text span size="xs" c="dimmed" visibleFrom="sm">
          {' '}
          {t('parts.each', { price: units.amount(row.price) })}
        </Text>
      )}
    </>
  );
}

function HistoryTabPanel<Row extends { id: number }>({ tab, kind, machineId }: { tab: keyof typeof historyKeys; kind: TabKind<Row>; machineId: number }) {
  const api = useApi();
  const { t } = useTranslation('history');
  const navigate = useNavigate();
  const rights = useRights();
  const units = useUnits();
  const compact = !useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const columns = useMemo(() => kind.columns(units, compact, t).filter((c) => rights.money || !c.money), [kind, units, compact, t, rights.money]);
  const filter = useMemo(() => kind.filter && { placeholder: t(`${kind.texts as 'service'}.filter`), value: kind.filter }, [kind, t]);
  const [selected, setSelected] = useState<Row | null>(null);
  const q = useInfiniteQuery({
    queryKey: historyKeys[tab](machineId),
    queryFn: ({ pageParam }) => historyPage<Row>(api, kind.path(machineId), pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.number + 1 < last.totalPages ? last.number + 1 : undefined),
  });
  const pages = q.data?.pages;
  const rows = useMemo(() => pages?.flatMap((p) => p.content), [pages]);
  const total = pages?.[pages.length - 1]?.totalElements ?? 0;
  return (
    <HistoryTable
      rows={rows}
      more={q.hasNextPage && rows ? { loaded: rows.length, total, loading: q.isFetchingNextPage, onLoadMore: () => void q.fetchNextPage() } : undefined}
      isPending={q.isPending}
      isError={q.isError}
      onRetry={() => void q.refetch()}
      columns={columns}
      pageSize={kind.pageSize}
      filter={filter}
      note={kind.note ? t('fuel.note') : undefined}
      compact={compact}
      loadingText={t(`${kind.texts}.loading`)}
      errorText={t(`${kind.texts}.failed`)}
      emptyText={t(`${kind.texts}.empty`)}
      emptyIcon={kind.icon}
      onAdd={rights.may(kind.write) ? () => navigate(`${kind.formPath}?machineId=${machineId}&mode=full`) : undefined}
      selectedId={selected?.id ?? null}
      onSelect={setSelected}
      preview={
        selected && (
          <Box mt="md" data-testid="record-preview">
            {kind.preview(selected.id, machineId, () => setSelected(null))}
          </Box>
        )
      }
    />
  );
}

/** Fuel History, Services, Parts History, Meters, Schedules, Reports; `?tab=service|fuel|parts|meters|schedules|reports` preselects, fuel by default. */
export function HistoryTabs({ machineId, machineType, machineName }: { machineId: number; machineType?: string | null; machineName?: string }) {
  const [params, setParams] = useSearchParams();
  // Icons only where there is room: three labels fit one row on a phone without them.
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const { may } = useRights();
  const { t } = useTranslation('history');
  const shown = (which: HistoryTab) => may(TAB_RIGHTS[which]);
  const requested = params.get('tab') as HistoryTab | null;
  const tab: HistoryTab = requested && TABS.includes(requested) && shown(requested) ? requested : (TABS.find(shown) ?? 'fuel');
  return (
    <Card padding="lg">
      <Tabs
        value={tab}
        onChange={(v) => {
          if (v) {
            const next = new URLSearchParams(params);
            next.set('tab', v);
            setParams(next, { replace: true });
          }
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg" grow={!desktop}>
          {shown('fuel') && (
            <Tabs.Tab value="fuel" px={desktop ? undefined : 8} leftSection={desktop ? <IconGasStation size={16} /> : undefined}>
              {t('tabs.fuel')}
            </Tabs.Tab>
          )}
          {shown('service') && (
            <Tabs.Tab value="service" px={desktop ? undefined : 8} leftSection={desktop ? <IconTool size={16} /> : undefined}>
              {t('tabs.service')}
            </Tabs.Tab>
          )}
          {shown('parts') && (
            <Tabs.Tab value="parts" px={desktop ? undefined : 8} leftSection={desktop ? <IconShoppingCart size={16} /> : undefined}>
              {t('tabs.parts')}
            </Tabs.Tab>
          )}
          {shown('meters') && (
            <Tabs.Tab value="meters" px={desktop ? undefined : 8} leftSection={desktop ? <IconGauge size={16} /> : undefined}>
              {t('tabs.meters')}
            </Tabs.Tab>
          )}
          {shown('schedules') && (
            <Tabs.Tab value="schedules" px={desktop ? undefined : 8} leftSection={desktop ? <IconCalendarDue size={16} /> : undefined}>
              {t('tabs.schedules')}
            </Tabs.Tab>
          )}
          {shown('reports') && (
            <Tabs.Tab value="reports" px={desktop ? undefined : 8} leftSection={desktop ? <IconReportAnalytics size={16} /> : undefined}>
              {t('tabs.reports')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        {shown('fuel') && (
          <Tabs.Panel value="fuel">
            <HistoryTabPanel tab="fuel" kind={FUEL} machineId={machineId} />
          </Tabs.Panel>
        )}
        {shown('service') && (
          <Tabs.Panel value="service">
            <HistoryTabPanel tab="service" kind={SERVICE} machineId={machineId} />
          </Tabs.Panel>
        )}
        {shown('parts') && (
          <Tabs.Panel value="parts">
            <HistoryTabPanel tab="parts" kind={PARTS} machineId={machineId} />
          </Tabs.Panel>
        )}
        {shown('meters') && (
          <Tabs.Panel value="meters">
            <MetersTab machineId={machineId} />
          </Tabs.Panel>
        )}
        {shown('schedules') && (
          <Tabs.Panel value="schedules">
            <SchedulesTab machineId={machineId} machineType={machineType} />
          </Tabs.Panel>
        )}
        {shown('reports') && (
          <Tabs.Panel value="reports">
            <MachineReportsTab machineId={machineId} machineName={machineName ?? t('machineById', { id: machineId })} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Card>
  );
}
