import { Badge, Button, Card, CloseButton, Group, SimpleGrid, Tabs, Text, Title } from '@mantine/core';
import { IconGasStation, IconShoppingCart, IconTool } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApi } from '../../app/context';
import { DESKTOP_QUERY } from '../../app/theme';
import type { FuelRecord, Purchase, PurchasesForMachine, ServiceRecordRow } from '../../api/types';
import { formatDate, formatDateTime, formatMoney, formatNumber, orNA } from '../../lib/format';
import { HistoryTable, type HistoryColumn } from './HistoryTable';

export type HistoryTab = 'fuel' | 'service' | 'parts';
const TABS: HistoryTab[] = ['fuel', 'service', 'parts'];

export const historyKeys = {
  fuel: (id: number) => ['history', 'fuel', id] as const,
  service: (id: number) => ['history', 'service', id] as const,
  parts: (id: number) => ['history', 'parts', id] as const,
};

function PreviewField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={700} c="gray.6" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </div>
  );
}

/** The read-only (fastView) preview under a list. */
function Preview({ title, onClose, onFull, children }: { title: string; onClose: () => void; onFull: () => void; children: ReactNode }) {
  return (
    <Card mt="md" withBorder shadow="sm" padding="lg" data-testid="record-preview" aria-label={title}>
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <Title order={3} fz="md">
            {title}
          </Title>
          <Badge variant="light" color="gray" size="sm">
            Read only
          </Badge>
        </Group>
        <CloseButton aria-label="Close preview" onClick={onClose} />
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        {children}
      </SimpleGrid>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button variant="light" onClick={onFull}>
          Full Details
        </Button>
      </Group>
    </Card>
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
          <Preview title="Fuel Record Details" onClose={() => setSelected(null)} onFull={() => navigate(`/fuel-record/${selected.id}`)}>
            <PreviewField label="Date and time">{formatDateTime(selected.dateOfPurchase)}</PreviewField>
            <PreviewField label="Amount (gal)">{formatNumber(selected.amount)}</PreviewField>
            <PreviewField label="Price per unit">{formatMoney(selected.pricePerUnit)}</PreviewField>
            <PreviewField label="Total price">{formatMoney(selected.totalPrice)}</PreviewField>
            <PreviewField label="Store">{orNA([selected.storeName, selected.storeCity, selected.storeState].filter(Boolean).join(', '))}</PreviewField>
            <PreviewField label="Average MPG">{formatNumber(selected.mpg)}</PreviewField>
            <PreviewField label="Notes">{orNA(selected.notes)}</PreviewField>
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
          <Preview title="Service Record Details" onClose={() => setSelected(null)} onFull={() => navigate(`/service-record/${selected.id}`)}>
            <PreviewField label="Title">{orNA(selected.title)}</PreviewField>
            <PreviewField label="Service date">{formatDate(selected.serviceDate)}</PreviewField>
            <PreviewField label="Service type">{orNA(selected.serviceType)}</PreviewField>
            <PreviewField label="Status">{orNA(selected.status)}</PreviewField>
            <PreviewField label="Service shop">{orNA(selected.serviceShop)}</PreviewField>
            <PreviewField label="Price">{formatMoney(selected.price)}</PreviewField>
            <PreviewField label="Miles">{formatNumber(selected.miles)}</PreviewField>
            <PreviewField label="Hours">{formatNumber(selected.hours)}</PreviewField>
            <PreviewField label="Notes">{selected.notes?.trim() ? selected.notes : 'No notes available'}</PreviewField>
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
          <Preview title="Part Details" onClose={() => setSelected(null)} onFull={() => navigate(`/part-purchase/${selected.id}?mode=full`)}>
            <PreviewField label="Part name">{orNA(selected.partName)}</PreviewField>
            <PreviewField label="Part number">{orNA(selected.partNumber)}</PreviewField>
            <PreviewField label="Quantity">{formatNumber(selected.quantity)}</PreviewField>
            <PreviewField label="Price">{formatMoney(selected.price)}</PreviewField>
            <PreviewField label="Status">{orNA(selected.partStatus)}</PreviewField>
            <PreviewField label="Purchase date">{formatDate(selected.purchaseDate)}</PreviewField>
            <PreviewField label="Store">{orNA([selected.storeName, selected.storeCity, selected.storeState].filter(Boolean).join(', '))}</PreviewField>
            <PreviewField label="Description">{orNA(selected.partDescription)}</PreviewField>
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
