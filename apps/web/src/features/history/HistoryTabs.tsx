import { Box, Card, Tabs } from '@mantine/core';
import { IconGasStation, IconShoppingCart, IconTool } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApi } from '../../app/context';
import { DESKTOP_QUERY } from '../../app/theme';
import type { FuelRecord, Purchase, PurchasesForMachine, ServiceRecordRow } from '../../api/types';
import { formatDate, formatMoney, formatNumber, orNA } from '../../lib/format';
import { FuelRecordForm } from '../fuel-record/FuelRecordForm';
import { PartPurchaseForm } from '../part-purchase/PartPurchaseForm';
import { ServiceRecordForm } from '../service-record/ServiceRecordForm';
import { HistoryTable, type HistoryColumn } from './HistoryTable';

export type HistoryTab = 'fuel' | 'service' | 'parts';
const TABS: HistoryTab[] = ['fuel', 'service', 'parts'];

export const historyKeys = {
  fuel: (id: number) => ['history', 'fuel', id] as const,
  service: (id: number) => ['history', 'service', id] as const,
  parts: (id: number) => ['history', 'parts', id] as const,
};

/** The read-only (fastView) form of the clicked row, under the list (spec doc 2 section 2). */
function Preview({ children }: { children: ReactNode }) {
  return (
    <Box mt="md" data-testid="record-preview">
      {children}
    </Box>
  );
}

function FuelTab({ machineId }: { machineId: number }) {
  const api = useApi();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<FuelRecord | null>(null);
  const q = useQuery({ queryKey: historyKeys.fuel(machineId), queryFn: () => api.get<FuelRecord[]>(`/api/fuel-records/machine/${machineId}`) });
  const columns = useMemo<HistoryColumn<FuelRecord>[]>(
    () => [
      { key: 'date', label: 'Date', value: (r) => r.dateOfPurchase, render: (r) => formatDate(r.dateOfPurchase) },
      { key: 'amount', label: 'Amount (gal)', value: (r) => Number(r.amount), render: (r) => formatNumber(r.amount) },
      { key: 'cost', label: 'Cost ($)', value: (r) => Number(r.totalPrice), render: (r) => formatMoney(r.totalPrice) },
    ],
    [],
  );
  return (
    <HistoryTable
      rows={q.data ?? undefined}
      isPending={q.isPending}
      isError={q.isError}
      onRetry={() => void q.refetch()}
      columns={columns}
      pageSize={8}
      loadingText="Loading fuel records..."
      errorText="Failed to load fuel records"
      emptyText="No fuel records yet"
      emptyIcon={<IconGasStation size={28} />}
      onAdd={() => navigate(`/fuel-record?machineId=${machineId}&mode=full`)}
      selectedId={selected?.id ?? null}
      onSelect={setSelected}
      preview={
        selected && (
          <Preview>
            <FuelRecordForm key={selected.id} mode="fastView" recordId={selected.id} machineId={machineId} onCancel={() => setSelected(null)} />
          </Preview>
        )
      }
    />
  );
}

function ServiceTab({ machineId }: { machineId: number }) {
  const api = useApi();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<ServiceRecordRow | null>(null);
  const q = useQuery({ queryKey: historyKeys.service(machineId), queryFn: () => api.get<ServiceRecordRow[]>(`/api/services/machine/${machineId}`) });
  const columns = useMemo<HistoryColumn<ServiceRecordRow>[]>(
    () => [
      { key: 'date', label: 'Date', value: (r) => r.serviceDate, render: (r) => formatDate(r.serviceDate) },
      { key: 'service', label: 'Service', value: (r) => r.title, render: (r) => orNA(r.title) },
      { key: 'cost', label: 'Cost ($)', value: (r) => Number(r.price), render: (r) => formatMoney(r.price) },
    ],
    [],
  );
  const filter = useMemo(() => ({ placeholder: 'Filter by service', value: (r: ServiceRecordRow) => `${r.title ?? ''} ${r.serviceType ?? ''}` }), []);
  return (
    <HistoryTable
      rows={q.data ?? undefined}
      isPending={q.isPending}
      isError={q.isError}
      onRetry={() => void q.refetch()}
      columns={columns}
      pageSize={8}
      filter={filter}
      loadingText="Loading service records..."
      errorText="Failed to load service records"
      emptyText="No service records yet"
      emptyIcon={<IconTool size={28} />}
      onAdd={() => navigate(`/service-record?machineId=${machineId}&mode=full`)}
      selectedId={selected?.id ?? null}
      onSelect={setSelected}
      preview={
        selected && (
          <Preview>
            <ServiceRecordForm key={selected.id} mode="fastView" recordId={selected.id} machineId={machineId} onClose={() => setSelected(null)} />
          </Preview>
        )
      }
    />
  );
}

function PartsTab({ machineId }: { machineId: number }) {
  const api = useApi();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Purchase | null>(null);
  const q = useQuery({
    queryKey: historyKeys.parts(machineId),
    queryFn: async () => (await api.get<PurchasesForMachine>(`/api/purchases/getrecentForMachine/${machineId}`))?.content ?? [],
  });
  const columns = useMemo<HistoryColumn<Purchase>[]>(
    () => [
      { key: 'date', label: 'Date', value: (r) => r.purchaseDate, render: (r) => formatDate(r.purchaseDate) },
      { key: 'part', label: 'Part', value: (r) => r.partName, render: (r) => orNA(r.partName) },
      { key: 'quantity', label: 'Quantity', value: (r) => Number(r.quantity), render: (r) => formatNumber(r.quantity) },
      { key: 'cost', label: 'Cost ($)', value: (r) => Number(r.price), render: (r) => formatMoney(r.price) },
    ],
    [],
  );
  const filter = useMemo(() => ({ placeholder: 'Filter by part name', value: (r: Purchase) => r.partName ?? '' }), []);
  return (
    <HistoryTable
      rows={q.data}
      isPending={q.isPending}
      isError={q.isError}
      onRetry={() => void q.refetch()}
      columns={columns}
      pageSize={10}
      filter={filter}
      loadingText="Loading purchases..."
      errorText="Failed to load purchases"
      emptyText="No part purchases yet"
      emptyIcon={<IconShoppingCart size={28} />}
      onAdd={() => navigate(`/part-purchase?machineId=${machineId}&mode=full`)}
      selectedId={selected?.id ?? null}
      onSelect={setSelected}
      preview={
        selected && (
          <Preview>
            <PartPurchaseForm key={selected.id} mode="fastView" recordId={selected.id} machineId={machineId} onCancel={() => setSelected(null)} />
          </Preview>
        )
      }
    />
  );
}

/** Fuel History, Services, Parts History; `?tab=service|fuel|parts` preselects, fuel by default. */
export function HistoryTabs({ machineId }: { machineId: number }) {
  const [params, setParams] = useSearchParams();
  // Icons only where there is room: three labels fit one row on a phone without them.
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const requested = params.get('tab') as HistoryTab | null;
  const tab: HistoryTab = requested && TABS.includes(requested) ? requested : 'fuel';
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
          <Tabs.Tab value="fuel" px={desktop ? undefined : 8} leftSection={desktop ? <IconGasStation size={16} /> : undefined}>
            Fuel History
          </Tabs.Tab>
          <Tabs.Tab value="service" px={desktop ? undefined : 8} leftSection={desktop ? <IconTool size={16} /> : undefined}>
            Services
          </Tabs.Tab>
          <Tabs.Tab value="parts" px={desktop ? undefined : 8} leftSection={desktop ? <IconShoppingCart size={16} /> : undefined}>
            Parts History
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="fuel">
          <FuelTab machineId={machineId} />
        </Tabs.Panel>
        <Tabs.Panel value="service">
          <ServiceTab machineId={machineId} />
        </Tabs.Panel>
        <Tabs.Panel value="parts">
          <PartsTab machineId={machineId} />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}
