import { Alert, Button, Card, Group, NativeSelect, Stack, Tabs, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconBox, IconBuildingStore, IconHistory, IconPackageImport, IconPlus, IconSearchOff } from '@tabler/icons-react';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StockStatus } from '@wrenchlog/contracts';
import { useApi } from '../../core/context';
import { DESKTOP_QUERY } from '../../core/theme';
import { ApiError } from '../../api/client';
import { Page, PageHeader } from '../../components/PageHeader';
import { clampPage } from '../../lib/paging';
import { SearchBox } from '../../components/SearchBox';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { inventoryApi, inventoryKeys, useLoadSampleInventory, type Part, type Supplier } from './inventory-api';
import { PartDialog, SupplierDialog } from './InventoryDialogs';
import { PartsTable, RecentCards, SuppliersTable } from './InventoryLists';
import { PartLedgerDialog } from './PartLedgerDialog';
import { ToReorderPanel } from './ToReorderPanel';
import { InventoryQuickStats } from './InventoryQuickStats';
import { pushRecent, STOCK_FILTER_OPTIONS, tabFromQuery, updateRecent, type InventoryTab, type RecentPart } from './inventory-logic';
import { useRecentParts } from './useRecentParts';

type Dialog = { kind: 'part'; part: Part | null } | { kind: 'supplier'; supplier: Supplier | null } | { kind: 'ledger'; part: Part } | null;

const SEARCH_DELAY_MS = 300;

export default function PartsPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params.get('tab'));
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
    queries: recent.list.map((p) => ({
      queryKey: inventoryKeys.part(p.id),
      queryFn: () => inventoryApi.part(api, p.id),
      enabled: tab === 'recent',
      retry: false,
    })),
  });
  const goneIds = recentQueries
    .flatMap((q, i) => (q.error instanceof ApiError && q.error.status === 404 && recent.list[i] ? [recent.list[i].id] : []))
    .join(',');
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

  const sample = useLoadSampleInventory();

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
      await sample.mutateAsync();
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
    partsBody = (
      <EmptyBlock
        icon={<IconBox size={30} />}
        title="No parts yet"
        description="Add the parts you keep on the shelf to watch their stock levels."
        action={addPart}
      />
    );
  } else {
    partsBody = (
      <PartsTable
        page={parts.data}
        stale={parts.isPlaceholderData}
        desktop={desktop}
        pageIndex={partPage}
        onPage={setPartPage}
        onOpen={openPart}
        onLedger={(part) => setDialog({ kind: 'ledger', part })}
      />
    );
  }

  let suppliersBody: ReactNode;
  if (suppliers.isPending) {
    suppliersBody = <LoadingState text="Loading suppliers..." />;
  } else if (suppliers.isError) {
    suppliersBody = <ErrorState text="Failed to load suppliers" onRetry={() => void suppliers.refetch()} />;
  } else if (suppliers.data.content.length === 0 && debouncedSupplierSearch) {
    suppliersBody = (
      <EmptyBlock
        icon={<IconSearchOff size={28} />}
        title="No matches"
        description={`No supplier matches “${debouncedSupplierSearch}”.`}
        action={
          <Button variant="default" onClick={() => setSupplierSearch('')}>
            Clear search
          </Button>
        }
      />
    );
  } else if (suppliers.data.content.length === 0) {
    suppliersBody = (
      <EmptyBlock
        icon={<IconBuildingStore size={30} />}
        title="No suppliers yet"
        description="Add the shops and dealers you buy parts from."
        action={addSupplier}
      />
    );
  } else {
    suppliersBody = (
      <SuppliersTable
        page={suppliers.data}
        stale={suppliers.isPlaceholderData}
        desktop={desktop}
        pageIndex={supplierPage}
        onPage={setSupplierPage}
        onOpen={openSupplier}
      />
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
      <RecentCards cards={recentCards} onOpen={(p) => void openRecent(p)} />
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

      <InventoryQuickStats stats={stats} desktop={desktop} />

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
          styles={
            desktop
              ? undefined
              : {
                  list: { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' },
                  tab: { paddingInline: 6, fontSize: 12, whiteSpace: 'nowrap', flexShrink: 0 },
                }
          }
        >
          <Tabs.List mb="md" grow={!desktop}>
            <Tabs.Tab value="parts">Parts Management</Tabs.Tab>
            <Tabs.Tab value="suppliers">Suppliers</Tabs.Tab>
            <Tabs.Tab value="reorder">To reorder</Tabs.Tab>
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
          <Tabs.Panel value="reorder">
            <ToReorderPanel desktop={desktop} />
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
            closeDialog();
          }}
          onDeleted={(id) => {
            recent.change((list) => updateRecent(list, id, null));
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'ledger' && <PartLedgerDialog part={dialog.part} onClose={closeDialog} />}
      {dialog?.kind === 'supplier' && (
        <SupplierDialog
          key={`supplier-${dialog.supplier?.id ?? 'new'}`}
          supplier={dialog.supplier}
          onClose={closeDialog}
          onSaved={closeDialog}
          onDeleted={closeDialog}
        />
      )}
    </Page>
  );
}

export type { InventoryTab };
