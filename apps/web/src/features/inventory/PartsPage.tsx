import { Alert, Anchor, Badge, Button, Card, Collapse, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconBox, IconBuildingStore, IconHistory, IconMinus, IconPackageImport, IconPlus, IconSearchOff } from '@tabler/icons-react';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StockStatus } from '@wrenchlog/contracts';
import { useApi, useSession } from '../../app/context';
import { DESKTOP_QUERY } from '../../app/theme';
import { ApiError } from '../../api/client';
import { Page, PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { formatPrice } from '../../lib/format';
import { clampPage } from '../../lib/paging';
import { SearchBox } from '../../components/SearchBox';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { inventoryApi, inventoryKeys, type Part, type Supplier } from './inventory-api';
import { PartDialog, SupplierDialog } from './InventoryDialogs';
import {
  locationFromAddress,
  pushRecent,
  readRecent,
  STOCK_FILTER_OPTIONS,
  stockColor,
  stockLabel,
  tabFromQuery,
  updateRecent,
  writeRecent,
  type InventoryTab,
  type RecentPart,
} from './inventory-logic';

type Dialog = { kind: 'part'; part: Part | null } | { kind: 'supplier'; supplier: Supplier | null } | null;

const SEARCH_DELAY_MS = 300;

/** The signed-in user's Recently Viewed list, kept in local storage under their id. */
function useRecentParts() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const load = (id: number | null) => (id === null ? [] : readRecent(localStorage, id));
  const [state, setState] = useState<{ userId: number | null; list: RecentPart[] }>(() => ({ userId, list: load(userId) }));
  // Another user signed in: their own list.
  const list = state.userId === userId ? state.list : load(userId);
  const change = useCallback(
    (fn: (list: RecentPart[]) => RecentPart[]) => {
      setState((current) => {
        const next = fn(current.userId === userId ? current.list : load(userId));
        if (userId !== null) {
          writeRecent(localStorage, userId, next);
        }
        return { userId, list: next };
      });
    },
    [userId],
  );
  return { list, change };
}

// The spec's inventory pager reads 'page X of Y'.
const inventoryPageLabel = ({ number, pages }: { number: number; pages: number }) => `page ${number} of ${pages}`;

function StockBadge({ quantity, minStock }: { quantity: number; minStock: number }) {
  const color = stockColor(quantity, minStock);
  return (
    <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
      <Badge color={color} variant="light" radius="sm" size="md" data-color={color} title={stockLabel(quantity, minStock)} style={{ flexShrink: 0, overflow: 'visible' }}>
        {quantity}
      </Badge>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        / {minStock} min
      </Text>
    </Group>
  );
}

function StatBox({ label, value, color }: { label: string; value: ReactNode; color?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dimmed" fw={700}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
}

export default function PartsPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params.get('tab'));
  const [statsOpen, setStatsOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [partSearch, setPartSearch] = useState('');
  const [stock, setStock] = useState<'' | StockStatus>('');
  const [partPage, setPartPage] = useState(0);
  const [supplierSearch, setSupplierSearch] = useState('');
  const [supplierPage, setSupplierPage] = useState(0);
  const [debouncedPartSearch] = useDebouncedValue(partSearch.trim(), SEARCH_DELAY_MS);
  const [debouncedSupplierSearch] = useDebouncedValue(supplierSearch.trim(), SEARCH_DELAY_MS);
  const [sampleError, setSampleError] = useState<string | null>(null);
  const [sampleBusy, setSampleBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const recent = useRecentParts();

  const stats = useQuery({ queryKey: inventoryKeys.stats(), queryFn: () => inventoryApi.stats(api) });
  const parts = useQuery({
    queryKey: inventoryKeys.parts(debouncedPartSearch, stock, partPage),
    queryFn: () => inventoryApi.parts(api, { search: debouncedPartSearch, stock, page: partPage }),
    placeholderData: keepPreviousData,
    enabled: tab === 'parts',
  });
  const suppliers = useQuery({
    queryKey: inventoryKeys.suppliers(debouncedSupplierSearch, supplierPage),
    queryFn: () => inventoryApi.suppliers(api, { search: debouncedSupplierSearch, page: supplierPage }),
    placeholderData: keepPreviousData,
    enabled: tab === 'suppliers',
  });
  // Recently Viewed shows the parts as they are now; entries whose part is gone are dropped.
  const recentQueries = useQueries({
    queries: recent.list.map((p) => ({ queryKey: inventoryKeys.part(p.id), queryFn: () => inventoryApi.part(api, p.id), enabled: tab === 'recent', retry: false })),
  });
  const goneIds = recentQueries.flatMap((q, i) => (q.error instanceof ApiError && q.error.status === 404 && recent.list[i] ? [recent.list[i].id] : [])).join(',');
  useEffect(() => {
    if (goneIds) {
      const gone = new Set(goneIds.split(',').map(Number));
      recent.change((list) => list.filter((p) => !gone.has(p.id)));
    }
  }, [goneIds, recent]);

  // Keep pages in range when a list shrinks (a delete on the last page): adjusted while rendering.
  if (parts.data && !parts.isPlaceholderData && partPage !== clampPage(partPage, parts.data.totalPages)) {
    setPartPage(clampPage(partPage, parts.data.totalPages));
  }
  if (suppliers.data && !suppliers.isPlaceholderData && supplierPage !== clampPage(supplierPage, suppliers.data.totalPages)) {
    setSupplierPage(clampPage(supplierPage, suppliers.data.totalPages));
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: inventoryKeys.all });

  const switchTab = (value: string | null) => {
    const next = tabFromQuery(value);
    setPartPage(0);
    setSupplierPage(0);
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('tab', next);
        return q;
      },
      { replace: false },
    );
  };

  const openPart = (part: Part | null) => {
    setNotice(null);
    if (part) {
      recent.change((list) => pushRecent(list, part));
    }
    setDialog({ kind: 'part', part });
  };
  const openSupplier = (supplier: Supplier | null) => {
    setNotice(null);
    setDialog({ kind: 'supplier', supplier });
  };
  const openRecent = async (entry: RecentPart) => {
    recent.change((list) => pushRecent(list, entry));
    try {
      const part = await queryClient.fetchQuery({ queryKey: inventoryKeys.part(entry.id), queryFn: () => inventoryApi.part(api, entry.id), staleTime: 5_000 });
      openPart(part);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        recent.change((list) => updateRecent(list, entry.id, null));
        setNotice(`“${entry.name}” no longer exists.`);
      } else {
        setNotice('Failed to open the part. Please try again.');
      }
    }
  };

  const loadSample = async () => {
    setSampleBusy(true);
    setSampleError(null);
    try {
      await inventoryApi.loadSample(api);
      await refresh();
    } catch (err) {
      setSampleError(err instanceof ApiError && err.body?.message ? err.body.message : 'Failed to load the sample inventory. Please try again.');
    } finally {
      setSampleBusy(false);
    }
  };

  const addPart = (
    <Button leftSection={<IconPlus size={18} />} onClick={() => openPart(null)}>
      Add Part
    </Button>
  );
  const addSupplier = (
    <Button variant="light" leftSection={<IconPlus size={18} />} onClick={() => openSupplier(null)}>
      Add Supplier
    </Button>
  );
  const emptyAccount = stats.isSuccess && stats.data.totalParts === 0 && stats.data.suppliers === 0;

  let partsBody: ReactNode;
  if (parts.isPending) {
    partsBody = <LoadingState text="Loading parts..." />;
  } else if (parts.isError) {
    partsBody = <ErrorState text="Failed to load parts" onRetry={() => void parts.refetch()} />;
  } else if (parts.data.content.length === 0 && (debouncedPartSearch || stock)) {
    partsBody = (
      <EmptyBlock
        icon={<IconSearchOff size={28} />}
        title="No matches"
        description="No part matches this search and stock level."
        action={
          <Button
            variant="default"
            onClick={() => {
              setPartSearch('');
              setStock('');
              setPartPage(0);
            }}
          >
            Clear filters
          </Button>
        }
      />
    );
  } else if (parts.data.content.length === 0) {
    partsBody = <EmptyBlock icon={<IconBox size={30} />} title="No parts yet" description="Add the parts you keep on the shelf to watch their stock levels." action={addPart} />;
  } else {
    partsBody = (
      <>
        <Table verticalSpacing="sm" highlightOnHover aria-label="Parts" style={{ opacity: parts.isPlaceholderData ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={desktop ? 180 : 72}>Part #</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th w={desktop ? 160 : 84}>Stock</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {parts.data.content.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Text size={desktop ? 'sm' : 'xs'} ff="monospace" style={{ wordBreak: 'break-word' }}>
                    {p.partNumber}
                  </Text>
                </Table.Td>
                <Table.Td style={{ minWidth: 0 }}>
                  <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => openPart(p)} style={{ wordBreak: 'break-word' }}>
                    {p.name}
                  </Anchor>
                  {p.description && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {p.description}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StockBadge quantity={p.quantity} minStock={p.minStock} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Pager page={partPage} totalPages={parts.data.totalPages} label={inventoryPageLabel} onPage={setPartPage} />
      </>
    );
  }

  let suppliersBody: ReactNode;
  if (suppliers.isPending) {
    suppliersBody = <LoadingState text="Loading suppliers..." />;
  } else if (suppliers.isError) {
    suppliersBody = <ErrorState text="Failed to load suppliers" onRetry={() => void suppliers.refetch()} />;
  } else if (suppliers.data.content.length === 0 && debouncedSupplierSearch) {
    suppliersBody = <EmptyBlock icon={<IconSearchOff size={28} />} title="No matches" description={`No supplier matches “${debouncedSupplierSearch}”.`} action={<Button variant="default" onClick={() => setSupplierSearch('')}>Clear search</Button>} />;
  } else if (suppliers.data.content.length === 0) {
    suppliersBody = <EmptyBlock icon={<IconBuildingStore size={30} />} title="No suppliers yet" description="Add the shops and dealers you buy parts from." action={addSupplier} />;
  } else {
    suppliersBody = (
      <>
        <Table verticalSpacing="sm" highlightOnHover aria-label="Suppliers" style={{ opacity: suppliers.isPlaceholderData ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th w={desktop ? 260 : 130}>Location</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {suppliers.data.content.map((s) => (
              <Table.Tr
                key={s.id}
                onClick={() => openSupplier(s)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    openSupplier(s);
                  }
                }}
                tabIndex={0}
                aria-label={`Edit supplier ${s.name}`}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" c="brand.7" style={{ wordBreak: 'break-word' }}>
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {s.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{locationFromAddress(s.address) || '—'}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Pager page={supplierPage} totalPages={suppliers.data.totalPages} label={inventoryPageLabel} onPage={setSupplierPage} />
      </>
    );
  }

  const recentCards = recent.list.map((entry, i) => {
    const fresh = recentQueries[i]?.data;
    return fresh && fresh.id === entry.id ? fresh : entry;
  });
  const recentBody =
    recentCards.length === 0 ? (
      <EmptyBlock icon={<IconHistory size={30} />} title="Nothing viewed yet" description="Parts you open appear here, newest first (up to 6)." />
    ) : (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {recentCards.map((p) => {
          const color = stockColor(p.quantity, p.minStock);
          return (
            <UnstyledButton key={p.id} onClick={() => void openRecent(p)} aria-label={`Open ${p.name}`} data-testid="recent-card" style={{ display: 'block' }}>
              <Paper withBorder radius="md" p="md" h="100%">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                  <Text fw={700} style={{ wordBreak: 'break-word' }}>
                    {p.name}
                  </Text>
                  <Badge color={color} variant="light" radius="sm" tt="none" data-color={color} style={{ flexShrink: 0 }}>
                    {stockLabel(p.quantity, p.minStock)}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed" ff="monospace">
                  {p.partNumber}
                </Text>
                {p.description && (
                  <Text size="sm" mt={6} lineClamp={2}>
                    {p.description}
                  </Text>
                )}
                <Group justify="space-between" mt="sm">
                  <Text fw={700}>{formatPrice(p.price)}</Text>
                  <Text size="sm" c="dimmed">
                    Qty: {p.quantity}
                  </Text>
                </Group>
              </Paper>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    );

  const closeDialog = () => setDialog(null);

  return (
    <Page>
      <PageHeader
        title="Parts & Inventory Management"
        description="Parts on the shelf, their stock levels and the suppliers you buy from."
        actions={
          <>
            {addPart}
            {addSupplier}
          </>
        }
      />

      <Card padding={desktop ? 'lg' : 'md'} mb="md">
        <UnstyledButton onClick={() => setStatsOpen((o) => !o)} aria-expanded={statsOpen} aria-controls="inventory-quick-stats" style={{ width: '100%' }}>
          <Group justify="space-between">
            <Title order={2} fz="lg">
              Quick Stats
            </Title>
            {statsOpen ? <IconMinus size={20} aria-label="Hide" /> : <IconPlus size={20} aria-label="Show" />}
          </Group>
        </UnstyledButton>
        <Collapse expanded={statsOpen} id="inventory-quick-stats">
          <div style={{ paddingTop: 16 }}>
            {stats.isPending ? (
              <LoadingState text="Loading stats..." />
            ) : stats.isError ? (
              <ErrorState text="Failed to load stats" onRetry={() => void stats.refetch()} />
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                <StatBox label="Total Parts" value={stats.data.totalParts} />
                <StatBox label="Low Stock" value={stats.data.lowStock} color={stats.data.lowStock > 0 ? 'yellow.8' : undefined} />
                <StatBox label="Out of Stock" value={stats.data.outOfStock} color={stats.data.outOfStock > 0 ? 'red.7' : undefined} />
                <StatBox label="Suppliers" value={stats.data.suppliers} />
              </SimpleGrid>
            )}
          </div>
        </Collapse>
      </Card>

      {emptyAccount && (
        <Card padding={desktop ? 'lg' : 'md'} mb="md" data-testid="sample-offer">
          <EmptyBlock
            icon={<IconPackageImport size={30} />}
            title="Your inventory is empty"
            description="Start with a supplier and your first parts, or load a sample inventory (5 suppliers, 10 parts) to look around."
            action={
              <Stack gap="xs" align="center">
                <Button variant="light" leftSection={<IconPackageImport size={18} />} loading={sampleBusy} onClick={() => void loadSample()}>
                  Load sample inventory
                </Button>
                {sampleError && (
                  <Text size="sm" c="red" role="alert">
                    {sampleError}
                  </Text>
                )}
              </Stack>
            }
          />
        </Card>
      )}

      {notice && (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} mb="md" withCloseButton onClose={() => setNotice(null)} role="status">
          {notice}
        </Alert>
      )}

      <Card padding={desktop ? 'lg' : 'md'}>
        <Tabs
          value={tab}
          onChange={switchTab}
          keepMounted={false}
          // One line of tabs at 390 px too: smaller, tighter, scrollable when even that is too wide.
          styles={desktop ? undefined : { list: { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' }, tab: { paddingInline: 6, fontSize: 12, whiteSpace: 'nowrap', flexShrink: 0 } }}
        >
          <Tabs.List mb="md" grow={!desktop}>
            <Tabs.Tab value="parts">Parts Management</Tabs.Tab>
            <Tabs.Tab value="suppliers">Suppliers</Tabs.Tab>
            <Tabs.Tab value="recent">Recently Viewed</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="parts">
            <Group mb="md" gap="sm" wrap="wrap" align="flex-end">
              <div style={{ flex: '1 1 260px', minWidth: 0 }}>
                <SearchBox
                  value={partSearch}
                  onChange={(v) => {
                    setPartSearch(v);
                    setPartPage(0);
                  }}
                  placeholder="Search parts by name, part number, or description..."
                  w="100%"
                />
              </div>
              <NativeSelect
                aria-label="Stock level"
                value={stock}
                onChange={(e) => {
                  setStock(e.currentTarget.value as '' | StockStatus);
                  setPartPage(0);
                }}
                data={STOCK_FILTER_OPTIONS}
                w={desktop ? 200 : '100%'}
              />
            </Group>
            {partsBody}
          </Tabs.Panel>
          <Tabs.Panel value="suppliers">
            <div style={{ marginBottom: 16 }}>
              <SearchBox
                value={supplierSearch}
                onChange={(v) => {
                  setSupplierSearch(v);
                  setSupplierPage(0);
                }}
                placeholder="Search suppliers by name or location..."
                w="100%"
              />
            </div>
            {suppliersBody}
          </Tabs.Panel>
          <Tabs.Panel value="recent">{recentBody}</Tabs.Panel>
        </Tabs>
      </Card>

      {dialog?.kind === 'part' && (
        <PartDialog
          key={`part-${dialog.part?.id ?? 'new'}`}
          part={dialog.part}
          onClose={closeDialog}
          onSaved={(saved) => {
            if (dialog.part) {
              recent.change((list) => updateRecent(list, saved.id, saved));
            }
            queryClient.setQueryData(inventoryKeys.part(saved.id), saved);
            closeDialog();
            void refresh();
          }}
          onDeleted={(id) => {
            recent.change((list) => updateRecent(list, id, null));
            queryClient.removeQueries({ queryKey: inventoryKeys.part(id) });
            closeDialog();
            void refresh();
          }}
        />
      )}
      {dialog?.kind === 'supplier' && (
        <SupplierDialog
          key={`supplier-${dialog.supplier?.id ?? 'new'}`}
          supplier={dialog.supplier}
          onClose={closeDialog}
          onSaved={() => {
            closeDialog();
            void refresh();
          }}
          onDeleted={() => {
            closeDialog();
            void refresh();
          }}
        />
      )}
    </Page>
  );
}

export type { InventoryTab };
