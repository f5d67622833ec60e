import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconShoppingCartPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useApi } from '../../core/context';
import { useRights } from '../../core/rights';
import { EmptyBlock, ErrorState, LoadingState } from '../../components/states';
import { inventoryApi, inventoryKeys, useDraftReorders, type ReorderDraft } from './inventory-api';
import { groupBySupplier, type ReorderGroup } from './inventory-logic';

/** "Drafted 2 purchases for Filter Depot and Heartland Hydraulics": what a draft made, in words. */
function draftedText(drafts: ReorderDraft[]): string {
  const made = drafts.filter((d) => d.purchases.length > 0);
  const count = made.reduce((n, d) => n + d.purchases.length, 0);
  if (count === 0) {
    return 'Nothing to draft: what is on order already covers these parts.';
  }
  return `Drafted ${count} ${count === 1 ? 'purchase' : 'purchases'} (status Ordered) for ${made.map((d) => d.supplier).join(', ')}.`;
}

/**
 * The parts loop's list (issue 35): parts whose available stock (on the shelf less what open work
 * orders reserve) is below their minimum, a card per supplier, and "Draft orders", which makes a part
 * purchase with status Ordered for each of them. Marking one Purchased on the Purchases page adds
 * the stock. Roles that may not change the inventory see the list without the buttons.
 */
export function ToReorderPanel({ desktop }: { desktop: boolean }) {
  const api = useApi();
  const mayDraft = useRights().may('inventory.write');
  const list = useQuery({ queryKey: inventoryKeys.toReorder(), queryFn: () => inventoryApi.toReorder(api) });
  const draft = useDraftReorders();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<number[] | null>(null);

  const run = async (supplierIds: number[]) => {
    setBusy(supplierIds);
    setResult(null);
    try {
      setResult({ ok: true, text: draftedText(await draft.mutateAsync(supplierIds)) });
    } catch (err) {
      setResult({ ok: false, text: err instanceof ApiError && err.body?.message ? err.body.message : 'Failed to draft the orders. Please try again.' });
    } finally {
      setBusy(null);
    }
  };

  if (list.isPending) {
    return <LoadingState text="Loading parts to reorder..." />;
  }
  if (list.isError) {
    return <ErrorState text="Failed to load the parts to reorder" onRetry={() => void list.refetch()} />;
  }
  const groups = groupBySupplier(list.data);
  const orderable = groups.filter((g) => g.toOrder > 0).map((g) => g.supplierId);
  return (
    <Stack gap="md">
      {result && (
        <Alert color={result.ok ? 'green' : 'red'} variant="light" icon={<IconCircleCheck size={18} />} role={result.ok ? 'status' : 'alert'}>
          {result.text}{' '}
          {result.ok && (
            <Anchor component={Link} to="/purchases" size="sm">
              Open purchases
            </Anchor>
          )}
        </Alert>
      )}
      {groups.length === 0 ? (
        <EmptyBlock
          icon={<IconCircleCheck size={30} />}
          title="Nothing to reorder"
          description="Every part has at least its minimum stock available, counting what open work orders reserve."
        />
      ) : (
        <>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              Available is the stock on the shelf less what open work orders reserve.
            </Text>
            {mayDraft && (
              <Button
                leftSection={<IconShoppingCartPlus size={18} />}
                disabled={orderable.length === 0}
                loading={busy !== null && busy.length > 1}
                onClick={() => void run(orderable)}
              >
                Draft orders
              </Button>
            )}
          </Group>
          {groups.map((g) => (
            <SupplierGroup
              key={g.supplierId}
              group={g}
              desktop={desktop}
              mayDraft={mayDraft}
              busy={busy?.length === 1 && busy[0] === g.supplierId}
              onDraft={run}
            />
          ))}
        </>
      )}
    </Stack>
  );
}

function SupplierGroup({
  group,
  desktop,
  mayDraft,
  busy,
  onDraft,
}: {
  group: ReorderGroup;
  desktop: boolean;
  mayDraft: boolean;
  busy: boolean;
  onDraft: (ids: number[]) => Promise<void>;
}) {
  const headingId = `reorder-supplier-${group.supplierId}`;
  return (
    <Paper withBorder radius="md" p={desktop ? 'md' : 'sm'} component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} size="h5" id={headingId} style={{ wordBreak: 'break-word' }}>
          {group.supplier}
        </Title>
        {mayDraft && (
          <Button size="xs" variant="light" disabled={group.toOrder === 0} loading={busy} onClick={() => void onDraft([group.supplierId])}>
            {group.toOrder === 0 ? 'On order' : `Draft order (${group.toOrder})`}
          </Button>
        )}
      </Group>
      <Table verticalSpacing="xs" aria-labelledby={headingId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Part</Table.Th>
            <Table.Th w={desktop ? 150 : 88}>Available / min</Table.Th>
            <Table.Th w={desktop ? 110 : 60}>To order</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {group.items.map((i) => (
            <Table.Tr key={i.partId}>
              <Table.Td style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                  {i.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {i.quantity} on the shelf{i.reserved > 0 ? `, ${i.reserved} reserved` : ''}
                  {i.onOrder > 0 ? `, ${i.onOrder} on order` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {i.available} / {i.minStock}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {i.toOrder}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
